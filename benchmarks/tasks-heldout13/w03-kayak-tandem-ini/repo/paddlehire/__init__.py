"""Kayak and paddleboard hire quotes."""
