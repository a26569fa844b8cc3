"""Low-point scoring (Racing Rules of Sailing, Appendix A)."""

PENALTY_CODES = {"DNF", "DNS", "OCS", "DSQ", "RET"}


def race_points(result, entries):
    """Points for one race: the place, or entries + 1 for a penalty code."""
    text = str(result).strip().upper()
    if text in PENALTY_CODES or text == "":
        return entries + 1
    place = int(text)
    if place < 1:
        raise ValueError("places start at 1, not %r" % result)
    return place


def discards(races_sailed):
    """How many of a boat's worst results are dropped."""
    if races_sailed >= 8:
        return 2
    if races_sailed >= 4:
        return 1
    return 0


def series_total(results, entries):
    """(net points, points per race) after dropping the worst races."""
    points = [race_points(r, entries) for r in results]
    keep = sorted(points)[:len(points) - discards(len(points))]
    return sum(keep), points
