"""The fixture list: fixtures.csv holds date (YYYY-MM-DD), opponent,
venue (home or away) and the number of rinks."""
import csv
import datetime
from dataclasses import dataclass


@dataclass
class Fixture:
    day: datetime.date
    opponent: str
    venue: str
    rinks: int


def read_fixtures(path):
    """The fixtures in date order."""
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            venue = row["venue"].strip().lower()
            if venue not in ("home", "away"):
                raise ValueError("venue must be home or away, not %r" % row["venue"])
            out.append(Fixture(datetime.date.fromisoformat(row["date"].strip()), row["opponent"].strip(),
                               venue, int(row["rinks"])))
    return sorted(out, key=lambda x: x.day)


def fixture_line(fx):
    """One line of the fixture list."""
    where = "Home v" if fx.venue == "home" else "Away at"
    return "%s  %s %s (%d rinks)" % (fx.day.isoformat(), where, fx.opponent, fx.rinks)
