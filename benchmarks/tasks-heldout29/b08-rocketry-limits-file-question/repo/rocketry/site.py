"""The club's launch site on Cleeve Hill.

The range agreement with the common's conservators sets our limits; they
are kept in RANGE_FILE beside this project.
"""
from pathlib import Path

SITE_NAME = "Cleeve Hill, north field"
RANGE_FILE = Path(__file__).resolve().parent.parent / "range.json"
SAFE_DISTANCE_M = 15
