"""Reading match results."""

import re
from dataclasses import dataclass

LINE = re.compile(r"^(?P<home>.+?)\s+(?P<hs>\d+)-(?P<as>\d+)\s+(?P<away>.+)$")
QUESTIONS = 50


@dataclass(frozen=True)
class Match:
    home: str
    home_score: int
    away: str
    away_score: int


def parse_results(lines):
    matches = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = LINE.match(line)
        if not m:
            raise ValueError("cannot read result %r" % (line,))
        hs, as_ = int(m.group("hs")), int(m.group("as"))
        if hs > QUESTIONS or as_ > QUESTIONS:
            raise ValueError("more than %d correct answers in %r" % (QUESTIONS, line))
        matches.append(Match(m.group("home"), hs, m.group("away"), as_))
    return matches
