"""Results and the league table. A match is best of 9 legs; 2 points for a win."""
import csv
from collections import namedtuple

Result = namedtuple("Result", "week home away home_legs away_legs")


def read_results(path):
    with open(path, newline="") as fh:
        return [Result(int(r["week"]), r["home"], r["away"], int(r["home_legs"]), int(r["away_legs"]))
                for r in csv.DictReader(fh)]


def parse_score(text):
    """'5-2' -> (5, 2); a best-of-9 match must end 5-n."""
    home, _, away = text.partition("-")
    score = (int(home), int(away))
    if max(score) != 5 or min(score) > 4:
        raise ValueError("not a best-of-9 score: %r" % (text,))
    return score


def table(results):
    """Rows (team, played, won, legs for, legs against, points), best first."""
    rows = {}
    for r in results:
        for team, mine, theirs in ((r.home, r.home_legs, r.away_legs), (r.away, r.away_legs, r.home_legs)):
            p, w, f, a = rows.get(team, (0, 0, 0, 0))
            rows[team] = (p + 1, w + (mine > theirs), f + mine, a + theirs)
    out = [(t, p, w, f, a, 2 * w) for t, (p, w, f, a) in rows.items()]
    return sorted(out, key=lambda row: (-row[5], -(row[3] - row[4]), row[0]))
