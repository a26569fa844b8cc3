"""Shoe repair counter: prices and collection dates."""
