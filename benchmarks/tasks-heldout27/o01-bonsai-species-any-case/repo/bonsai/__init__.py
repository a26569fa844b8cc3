"""Care cards for the Hollins Bonsai Circle's trees."""
__version__ = "0.4.1"
