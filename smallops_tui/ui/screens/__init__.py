"""The app's screens, each module one screen (or one family of dialogs) with its styles beside it
(`panes.tcss` for the live and replay screens, `replay.tcss`, `sessions.tcss`, `dialogs.tcss`).
The live screen is a package of its own: the screen, its state, its keys, its progress, its steering."""
