"""Tower tools for the St Wendreda's bell ringers."""
