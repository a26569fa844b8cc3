"""closures.txt: one YYYY-MM-DD a line for days we stay shut; # starts a comment."""
from datetime import date


def load_closures(path):
    if not path:
        return set()
    out = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                out.add(date.fromisoformat(line))
    return out
