"""Members and attendance records."""
import csv
from pathlib import Path

HERE = Path(__file__).parent
VOICES = ("soprano", "alto", "tenor", "bass")


def _rows(name):
    with open(HERE / name, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def members(voice=None):
    """[(name, voice)] in file order, optionally one voice only."""
    return [(r["name"], r["voice"]) for r in _rows("members.csv")
            if voice is None or r["voice"] == voice]


def present(day):
    """Names of members at the rehearsal on `day` (YYYY-MM-DD)."""
    return [r["name"] for r in _rows("attendance.csv") if r["date"] == day]


def absent(day):
    here = set(present(day))
    return [name for name, _ in members() if name not in here]
