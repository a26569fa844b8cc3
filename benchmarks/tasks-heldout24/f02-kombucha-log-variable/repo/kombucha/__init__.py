"""Batch log for the Fizz & Leaf kombucha brewery."""
