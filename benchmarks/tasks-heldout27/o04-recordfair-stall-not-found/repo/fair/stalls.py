"""The stall list: who is on which stall, selling what."""
import csv
from dataclasses import dataclass


@dataclass
class Stall:
    ref: str
    trader: str
    genre: str
    tables: int


def load_stalls(path):
    """{ref: Stall} from a CSV file with ref, trader, genre, tables."""
    with open(path, newline="", encoding="utf-8") as f:
        return {row["ref"].strip().upper(): Stall(row["ref"].strip().upper(), row["trader"],
                                                  row["genre"], int(row["tables"]))
                for row in csv.DictReader(f)}


def find_stall(stalls, ref):
    """The Stall with reference `ref` (any case)."""
    return stalls.get(ref.strip().upper())


def hall_of(stall):
    return {"A": "Main hall", "B": "Gallery", "C": "Foyer"}.get(stall.ref[:1], "Outside")
