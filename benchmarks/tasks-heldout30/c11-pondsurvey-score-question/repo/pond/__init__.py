"""Pond survey scores for the Fenby wildlife group."""
