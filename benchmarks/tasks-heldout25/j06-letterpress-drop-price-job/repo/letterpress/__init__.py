"""Job pricing and the order book for the Inkwell Letterpress studio."""

__version__ = "1.8.0"
