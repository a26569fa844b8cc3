"""Go ranks as numbers.

Kyu ranks count down from 30k to 1k, then dan ranks count up from 1d to
9d. As a grade, 30k is -29, 1k is 0, 1d is 1 and 9d is 9, so a higher
grade is a stronger player.
"""
import re

_RANK = re.compile(r"^\s*(\d+)\s*(k|kyu|d|dan)\s*$", re.I)


def parse_rank(text):
    """'3k', '3 kyu', '2d', '2 Dan' -> grade (an int); ValueError otherwise."""
    m = _RANK.match(str(text))
    if not m:
        raise ValueError("not a go rank: %r" % (text,))
    n, kind = int(m.group(1)), m.group(2).lower()
    if kind.startswith("k"):
        if not 1 <= n <= 30:
            raise ValueError("kyu ranks run from 30k to 1k: %r" % (text,))
        return 1 - n
    if not 1 <= n <= 9:
        raise ValueError("dan ranks run from 1d to 9d: %r" % (text,))
    return n


def rank_label(grade):
    """Grade -> short label: 0 -> '1k', -2 -> '3k', 1 -> '1d'."""
    return "%dd" % grade if grade > 0 else "%dk" % (1 - grade)


def handicap(a, b):
    """Handicap stones between two grades (0 when within one grade), max 9."""
    return min(9, abs(a - b)) if abs(a - b) > 1 else 0
