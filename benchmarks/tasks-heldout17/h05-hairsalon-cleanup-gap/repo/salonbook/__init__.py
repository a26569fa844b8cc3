"""Appointment book for the Curl Up & Dye salon."""
