"""Seating plans for the exam hall."""
