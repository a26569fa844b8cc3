"""Quotes for memorials and re-lettering at Abbot & Sons, monumental masons."""
__version__ = "2.2.0"
