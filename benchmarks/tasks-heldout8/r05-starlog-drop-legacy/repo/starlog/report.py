"""Summaries over a list of observations."""

from collections import Counter, defaultdict

from .catalog import object_type


def best_night(observations):
    """Date with the highest average seeing (earliest date on ties)."""
    by_date = defaultdict(list)
    for obs in observations:
        by_date[obs.date].append(obs.seeing)
    if not by_date:
        return None
    return max(sorted(by_date), key=lambda d: sum(by_date[d]) / len(by_date[d]))


def summary(observations):
    """Multi-line text: one line per target with its type and count."""
    counts = Counter(obs.target for obs in observations)
    lines = ["%-4s %-18s x%d" % (t, object_type(t), n) for t, n in sorted(counts.items())]
    return "\n".join(lines)
