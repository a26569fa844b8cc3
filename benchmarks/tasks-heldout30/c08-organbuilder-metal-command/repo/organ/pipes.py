"""Pipe records: rank,note,length_mm,metal."""
import csv
from collections import namedtuple

Pipe = namedtuple("Pipe", "rank note length_mm metal")


def load_pipes(path):
    """Pipes in file order; blank lines skipped, metal names in lower case."""
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if not (r.get("rank") or "").strip():
                continue
            out.append(Pipe(r["rank"].strip(), r["note"].strip(), int(r["length_mm"]),
                            r["metal"].strip().lower()))
    return out


def by_rank(pipes):
    """{rank: [pipes]} with the ranks in the order first seen."""
    ranks = {}
    for p in pipes:
        ranks.setdefault(p.rank, []).append(p)
    return ranks
