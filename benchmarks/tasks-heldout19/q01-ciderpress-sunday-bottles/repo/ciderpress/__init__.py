"""Cider pressing days at the orchard barn."""
