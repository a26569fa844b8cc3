"""Tide heights from a list of (minutes, height) turning points."""

import math


def _interp(t, t0, h0, t1, h1):
    # rule of cosines between two turning points
    frac = (t - t0) / float(t1 - t0)
    return h0 + (h1 - h0) * (1 - math.cos(math.pi * frac)) / 2


def height_at(turns, minutes):
    for (t0, h0), (t1, h1) in zip(turns, turns[1:]):
        if t0 <= minutes <= t1:
            return round(_interp(minutes, t0, h0, t1, h1), 2)
    raise ValueError("time outside the tide table")


def low_tide_windows(turns, max_height, step=10):
    windows, start = [], None
    for minutes in range(turns[0][0], turns[-1][0] + 1, step):
        low = height_at(turns, minutes) <= max_height
        if low and start is None:
            start = minutes
        elif not low and start is not None:
            windows.append((start, minutes - step))
            start = None
    if start is not None:
        windows.append((start, turns[-1][0]))
    return windows


def format_minutes(minutes):
    return "%02d:%02d" % divmod(int(minutes) % (24 * 60), 60)
