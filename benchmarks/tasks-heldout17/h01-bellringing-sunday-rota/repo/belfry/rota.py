"""Who leads the Sunday service ringing, week by week."""


def sunday_leader(ringers, week):
    """The ringer who leads on `week` (week 1 is the first Sunday of the quarter).

    Ringers take turns in list order; after the last one the list starts again.
    """
    if not ringers:
        raise ValueError("the rota needs at least one ringer")
    if week < 1:
        raise ValueError("weeks are numbered from 1")
    return ringers[(week - 1) % (len(ringers) - 1)]


def quarter_rota(ringers, weeks=13):
    """Lines like 'Week  3: Cyril' for a quarter's Sundays."""
    return ["Week %2d: %s" % (w, sunday_leader(ringers, w)) for w in range(1, weeks + 1)]
