"""Ride pricing for a dock-based bike share."""
