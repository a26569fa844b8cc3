"""Printable score sheet for a round of ends."""
from quiver.scoring import end_total, hits, sort_end, x_count


def round_total(ends):
    """Total score of a round (a list of ends)."""
    return sum(end_total(marks) for marks in ends)


def sheet(ends):
    """Lines of a score sheet: one per end with its running total, then a summary."""
    lines = []
    running = 0
    total_x = 0
    total_hits = 0
    for number, marks in enumerate(ends, start=1):
        score = end_total(marks)
        running += score
        total_x += x_count(marks)
        total_hits += hits(marks)
        shown = " ".join("%2s" % str(m).strip().upper() for m in sort_end(marks))
        lines.append("%2d  %s  %3d  %4d" % (number, shown, score, running))
    lines.append("hits %d  Xs %d  total %d" % (total_hits, total_x, running))
    return lines
