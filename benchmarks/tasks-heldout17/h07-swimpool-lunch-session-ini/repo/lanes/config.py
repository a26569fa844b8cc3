"""Read the lane swimming timetable from pool.ini."""
import configparser
from pathlib import Path

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "pool.ini"


def load_sessions(path=DEFAULT_PATH):
    """{session name: {start, end, lanes, per_lane}} for each [session.NAME]."""
    parser = configparser.ConfigParser()
    if not parser.read(path):
        raise FileNotFoundError(path)
    sessions = {}
    for section in parser.sections():
        if not section.startswith("session."):
            continue
        s = parser[section]
        sessions[section.split(".", 1)[1]] = {
            "start": s["start"],
            "end": s["end"],
            "lanes": s.getint("lanes"),
            "per_lane": s.getint("per_lane"),
        }
    return sessions


def capacity(session):
    """Most swimmers allowed in the water at once."""
    return session["lanes"] * session["per_lane"]
