"""Human-readable durations."""


def format_duration(minutes):
    """Format a whole number of minutes as "XhYm" ("1h30m", "45m", "2h")."""
    if minutes < 0:
        raise ValueError("negative duration")
    hours, rest = divmod(int(minutes), 60)
    if hours and rest:
        return "%dh%dm" % (hours, rest)
    if hours:
        return "%dh" % hours
    return "%dm" % rest
