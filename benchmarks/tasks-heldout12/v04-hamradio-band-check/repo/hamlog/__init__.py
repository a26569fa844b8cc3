"""hamlog: a small amateur radio contact log."""
