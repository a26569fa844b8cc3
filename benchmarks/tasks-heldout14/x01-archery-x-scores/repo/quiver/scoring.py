"""Scoring target archery ends, using the marks written on the score sheet."""

MARKS = ("X", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "M")


def arrow_value(mark):
    """Points for one arrow: 'X' (inner ten) scores 10, 'M' (miss) scores 0."""
    mark = str(mark).strip().upper()
    if mark not in MARKS:
        raise ValueError("unknown arrow mark: %r" % (mark,))
    if mark == "X":
        return 10
    if mark == "M":
        return 0
    return int(mark)


def end_total(marks):
    """Total score of one end (three or six arrows)."""
    return sum(int(m) for m in marks if str(m).strip().isdigit())


def x_count(marks):
    """Number of inner tens (X) in an end."""
    return sum(1 for m in marks if str(m).strip() == "X")


def hits(marks):
    """Arrows that hit the face, i.e. everything except misses."""
    return sum(1 for m in marks if arrow_value(m) > 0)


def sort_end(marks):
    """Marks in score-sheet order: highest first, X before 10, misses last."""
    return sorted(marks, key=lambda m: MARKS.index(str(m).strip().upper()))
