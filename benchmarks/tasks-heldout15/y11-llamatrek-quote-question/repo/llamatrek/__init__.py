"""Llama trekking: seasons, prices and quotes."""
