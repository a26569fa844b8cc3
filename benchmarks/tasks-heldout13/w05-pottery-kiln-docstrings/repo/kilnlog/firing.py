"""Firing schedule arithmetic."""
import math

ROOM_C = 20
CONES = [("022", 600), ("010", 900), ("06", 999), ("04", 1063), ("1", 1137),
         ("4", 1186), ("6", 1222), ("8", 1249), ("10", 1285)]


def _check_rate(rate):
    if rate <= 0:
        raise ValueError("rate must be positive, got %r" % (rate,))


def ramp_minutes(start_c, end_c, rate):
    _check_rate(rate)
    return math.ceil(abs(end_c - start_c) * 60 / rate)


def total_minutes(segments, start_c=ROOM_C):
    minutes = 0
    temp = start_c
    for rate, target, hold in segments:
        minutes += ramp_minutes(temp, target, rate) + hold
        temp = target
    return minutes


def peak(segments):
    if not segments:
        raise ValueError("empty schedule")
    return max(target for _, target, _ in segments)


def cone_for(temp_c):
    reached = None
    for cone, temp in CONES:
        if temp_c >= temp:
            reached = cone
    return reached


def cooling_hours(peak_c, rate=100, until_c=100):
    _check_rate(rate)
    if peak_c <= until_c:
        return 0.0
    return round((peak_c - until_c) / rate, 1)


def describe(segments):
    hours, minutes = divmod(total_minutes(segments), 60)
    cone = cone_for(peak(segments)) or "below 022"
    return "%d segments, %dh%02d to cone %s" % (len(segments), hours, minutes, cone)
