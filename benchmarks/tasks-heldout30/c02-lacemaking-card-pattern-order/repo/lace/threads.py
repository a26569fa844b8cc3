"""Threads for a bobbin lace pattern."""
import csv
from collections import namedtuple

Thread = namedtuple("Thread", "pair colour length_cm")


def load_threads(path):
    """Threads in pattern order (the order of the file)."""
    with open(path, newline="", encoding="utf-8") as f:
        return [Thread(int(r["pair"]), r["colour"].strip(), int(r["length_cm"]))
                for r in csv.DictReader(f)]


def longest_first(threads):
    """The threads, longest first (to buy the long lengths before anything else)."""
    threads.sort(key=lambda t: t.length_cm, reverse=True)
    return threads


def total_length_cm(threads):
    return sum(t.length_cm for t in threads)
