"""Bills for the Shoyu Street ramen bar."""

__version__ = "0.3.0"
