"""Load the pitch list from pitches.toml."""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "pitches.toml"
_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


@dataclass(frozen=True)
class Pitch:
    name: str
    days: tuple
    fee: int
    opens: str
    closes: str


def _time(value, where):
    if not isinstance(value, str) or not _HHMM.match(value):
        raise ValueError("%s: bad time %r (want HH:MM)" % (where, value))
    return value


def load_pitches(path=DEFAULT_PATH):
    """All pitches in the file, in file order, with defaults filled in."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    defaults = data.get("defaults", {})
    pitches = []
    for raw in data.get("pitch", []):
        name = raw["name"]
        days = tuple(raw["days"])
        for day in days:
            if day not in DAYS:
                raise ValueError("%s: unknown day %r" % (name, day))
        opens = _time(raw.get("opens", defaults.get("opens")), name)
        closes = _time(raw.get("closes", defaults.get("closes")), name)
        if opens >= closes:
            raise ValueError("%s: opens %s is not before closes %s" % (name, opens, closes))
        pitches.append(Pitch(name, days, int(raw["fee"]), opens, closes))
    return pitches
