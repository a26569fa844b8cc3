"""Counter prices at Crease & Co dry cleaners."""
