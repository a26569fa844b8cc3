"""Pollen forecast sheets for the surgery noticeboard."""
