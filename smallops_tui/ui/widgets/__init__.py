"""The widgets the screens are made of: the panes and their renderer, a turn, the approval bar,
the diff, the status bar, the footer, the replay's timeline, a bounded input."""
