"""Prescription checks for the optician's lens orders."""
