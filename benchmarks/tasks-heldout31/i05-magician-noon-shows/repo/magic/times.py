"""Show times: stored as 24-hour HH:MM, shown to parents on the 12-hour clock."""


def twelve_hour(hhmm):
    """'14:30' -> '2:30pm', '09:05' -> '9:05am'."""
    h, m = (int(x) for x in hhmm.strip().split(":"))
    suffix = "am" if h < 12 else "pm"
    return "%d:%02d%s" % (h % 12, m, suffix)


def minutes(hhmm):
    h, m = (int(x) for x in hhmm.strip().split(":"))
    return h * 60 + m
