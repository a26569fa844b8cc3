"""Results: results.csv holds date (YYYY-MM-DD), opponent, and the shots
scored by us and by them."""
import csv
import datetime
from dataclasses import dataclass


@dataclass
class Result:
    day: datetime.date
    opponent: str
    shots_for: int
    shots_against: int

    @property
    def outcome(self):
        if self.shots_for > self.shots_against:
            return "won"
        return "lost" if self.shots_for < self.shots_against else "drew"


def read_results(path):
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out.append(Result(datetime.date.fromisoformat(row["date"].strip()), row["opponent"].strip(),
                              int(row["for"]), int(row["against"])))
    return sorted(out, key=lambda r: r.day)


def result_line(r):
    return "%s  %-22s %s %d-%d" % (r.day.isoformat(), r.opponent, r.outcome, r.shots_for, r.shots_against)


def record(results):
    """'Played 5: won 3, drew 0, lost 2' for a list of results."""
    count = {k: sum(1 for r in results if r.outcome == k) for k in ("won", "drew", "lost")}
    return "Played %d: won %d, drew %d, lost %d" % (len(results), count["won"], count["drew"], count["lost"])
