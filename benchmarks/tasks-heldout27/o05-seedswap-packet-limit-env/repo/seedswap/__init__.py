"""Share-out of seed packets at the Eastfield Seed Swap."""
__version__ = "0.3.0"
