"""Prices and orders for Holly Bank Christmas tree farm."""
