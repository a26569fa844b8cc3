"""Litter picked on the Saltmarsh Coast beach cleans."""
__version__ = "1.0.0"
