"""Job sheets for Tuft & Button upholstery workshop."""

__version__ = "1.1.0"
