"""Firewood sums for the Hollins Wood log yard."""
