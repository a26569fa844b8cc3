"""Cask records for the Glen Corran distillery's bonded warehouse."""
