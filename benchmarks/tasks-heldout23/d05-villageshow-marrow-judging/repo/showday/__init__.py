"""Classes and judging times for the Ashby Parva flower and produce show."""
