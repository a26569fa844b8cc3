"""Headless runs of the fixture tasks, judged mechanically (see harness.py)."""
