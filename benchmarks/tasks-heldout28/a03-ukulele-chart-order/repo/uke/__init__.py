"""Song requests, chart and songbook for the Tuesday Ukulele Jam at the Red Lion."""
__version__ = "0.9.2"
