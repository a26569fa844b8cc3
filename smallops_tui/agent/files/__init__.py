"""The workspace and what an edit does to it: confinement, exact-byte edits, diffs and line diffs,
hidden characters made visible, the kinds of lines an edit touches, and what the log records of the files."""
