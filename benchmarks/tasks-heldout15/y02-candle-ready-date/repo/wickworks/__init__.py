"""Candle workshop stock: batches, waxes and curing."""
