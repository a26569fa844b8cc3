"""Club ladder: points from match records, printed best first."""

WIN_POINTS = 3
LOSS_POINTS = 1


def points(record):
    """Ladder points for a record dict with 'won' and 'lost' counts."""
    return record["won"] * WIN_POINTS + record["lost"] * LOSS_POINTS


def ranking(records):
    """Player names in ladder order, from a dict of name -> record.

    Most points first; players level on points are listed alphabetically.
    """
    return sorted(records, key=lambda name: (points(records[name]), name))


def printout(records):
    """Numbered ladder lines: position, name and points."""
    lines = []
    for position, name in enumerate(ranking(records), 1):
        lines.append("%2d. %-10s %3d" % (position, name, points(records[name])))
    return lines
