"""Export in the old v1 pipe-separated format (used by the 2019 web page)."""

LEGACY_FIELDS = ("date", "time", "target", "seeing")


def export_v1(observations):
    """One "date|time|target|seeing" line per observation, notes dropped."""
    lines = []
    for obs in observations:
        lines.append("|".join(str(getattr(obs, f)) for f in LEGACY_FIELDS))
    return "\n".join(lines) + ("\n" if lines else "")
