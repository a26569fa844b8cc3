"""Repotting records for the Wessex Orchid Society's shared glasshouse."""
