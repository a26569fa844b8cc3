"""Roast log for the Copper Kettle coffee roastery."""
__version__ = "1.3.0"
