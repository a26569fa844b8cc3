"""The carol singers' route and timings."""
