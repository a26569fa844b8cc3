"""Winding cards and thread lists for bobbin lace patterns."""
