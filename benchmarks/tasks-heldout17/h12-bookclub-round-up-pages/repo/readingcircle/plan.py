"""Weekly reading targets for the Thursday book circle."""


def pages_per_week(pages, weeks):
    """Pages to read each week to get through `pages` in `weeks`."""
    if weeks < 1:
        raise ValueError("the schedule needs at least one week")
    if pages < 0:
        raise ValueError("a book cannot have negative pages")
    return pages // weeks


def targets(pages, weeks):
    """(week, read up to this page) for every week of the schedule."""
    per_week = pages_per_week(pages, weeks)
    return [(week, min(pages, week * per_week)) for week in range(1, weeks + 1)]
