"""Orders, cut lists and invoices for Quayside Sail Loft."""
__version__ = "3.0.1"
