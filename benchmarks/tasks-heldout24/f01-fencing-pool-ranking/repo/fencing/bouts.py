"""Reading bouts from a pool sheet.

A pool sheet has one bout per line: the two fencers and the touches each
scored, for example::

    Mira Tom 5 3

Blank lines and lines starting with # are ignored. Names are single words.
"""
from collections import namedtuple

Bout = namedtuple("Bout", "left right left_score right_score")

MAX_TOUCHES = 5


def parse_bout(line):
    """One Bout from a sheet line; ValueError if it is not a valid bout."""
    parts = line.split()
    if len(parts) != 4:
        raise ValueError("expected 'NAME NAME SCORE SCORE': %r" % line)
    left, right = parts[0], parts[1]
    if left == right:
        raise ValueError("%s cannot fence themselves" % left)
    try:
        a, b = int(parts[2]), int(parts[3])
    except ValueError:
        raise ValueError("scores must be whole numbers: %r" % line) from None
    if not (0 <= a <= MAX_TOUCHES and 0 <= b <= MAX_TOUCHES) or a == b:
        raise ValueError("impossible score %d-%d" % (a, b))
    return Bout(left, right, a, b)


def read_bouts(lines):
    """Every bout of a sheet, in the order written."""
    bouts = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        bouts.append(parse_bout(line))
    return bouts


def winner(bout):
    """Name of the fencer who won the bout."""
    return bout.left if bout.left_score > bout.right_score else bout.right


def fencers(bouts):
    """Every fencer on the sheet, in order of first appearance."""
    seen = []
    for b in bouts:
        for name in (b.left, b.right):
            if name not in seen:
                seen.append(name)
    return seen
