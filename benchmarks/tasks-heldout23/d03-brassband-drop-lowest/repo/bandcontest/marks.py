"""Adding up the adjudicators' marks.

Each band is marked out of 100 by every adjudicator in the box. The
contest rules may say that a band's lowest mark (or lowest two) is dropped
before the marks are added up, so that one harsh adjudicator cannot sink a
band on their own.
"""

MAX_MARK = 100


def check_marks(marks):
    marks = list(marks)
    if not marks:
        raise ValueError("a band needs at least one mark")
    for m in marks:
        if not 0 <= m <= MAX_MARK:
            raise ValueError("marks go from 0 to %d, not %r" % (MAX_MARK, m))
    return marks


def band_total(marks, drop=0):
    """Total of a band's marks after dropping the `drop` lowest ones."""
    marks = check_marks(marks)
    if not 0 <= drop < len(marks):
        raise ValueError("cannot drop %d of %d marks" % (drop, len(marks)))
    return sum(sorted(marks)[drop:])


def band_average(marks, discard=0):
    """Average of the marks that count, to one decimal place."""
    counted = len(check_marks(marks)) - discard
    return round(band_total(marks, drop=discard) / counted, 1)


def placings(results, discard=0):
    """[(place, band, total)] best first; bands on the same total share a place
    and are listed by name."""
    totals = sorted(((band_total(m, drop=discard), band) for band, m in results.items()),
                    key=lambda t: (-t[0], t[1]))
    out = []
    for i, (total, band) in enumerate(totals):
        place = out[-1][0] if out and out[-1][2] == total else i + 1
        out.append((place, band, total))
    return out
