"""Counter till for the Little Snoring post office."""
