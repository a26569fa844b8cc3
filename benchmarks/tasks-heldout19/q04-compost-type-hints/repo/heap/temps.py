"""Compost heap temperatures. A log is a list of (day, degrees C) pairs."""

HOT = 55.0  # hot enough to kill weed seeds


def average(readings):
    if not readings:
        raise ValueError("no readings")
    return sum(readings) / len(readings)


def hot_days(log, threshold=HOT):
    """Days, in log order, whose reading reached the threshold."""
    return [day for day, temp in log if temp >= threshold]


def needs_turning(readings, days_since_turn):
    """Turn weekly, or sooner if the heap has dropped 10 degrees in two readings."""
    dropped = len(readings) >= 3 and readings[-1] < readings[-3] - 10
    return days_since_turn >= 7 or dropped


def peak(log):
    """(day, temp) of the hottest reading, or None for an empty log."""
    if not log:
        return None
    return max(log, key=lambda entry: entry[1])


def by_day(log):
    """{day: [readings]} in log order."""
    out = {}
    for day, temp in log:
        out.setdefault(day, []).append(temp)
    return out


def summary(log):
    temps = [temp for _, temp in log]
    return "%d readings, mean %.1f C, %d hot" % (
        len(temps), average(temps), len(hot_days(log)))
