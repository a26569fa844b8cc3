"""Temperature log for the allotment compost heaps."""
