"""Summaries of a log."""

from collections import Counter


def band_counts(log):
    return Counter(contact.band for contact in log)


def band_summary(log):
    """One line per band, busiest first, e.g. '20m: 12 contacts'."""
    counts = band_counts(log)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return "\n".join("%s: %d contact%s" % (band, n, "" if n == 1 else "s") for band, n in rows)


def callsigns(log):
    return sorted({contact.callsign for contact in log})
