"""Club 10-mile time trial: ride times, speeds and veterans' age standards."""

DISTANCE_MILES = 10
KM_PER_MILE = 1.609344
# Veterans' standard times for 10 miles, in seconds, by age band (40 upwards).
AGE_STANDARDS = {40: 1380, 45: 1410, 50: 1446, 55: 1484, 60: 1526, 65: 1572, 70: 1624, 75: 1684}


def parse_time(text):
    """"23:41.5" (minutes:seconds) or "1:02:03" (hours:minutes:seconds) -> seconds."""
    parts = text.strip().split(":")
    if not 2 <= len(parts) <= 3:
        raise ValueError("not a ride time: %r" % text)
    seconds = 0.0
    for part in parts:
        seconds = seconds * 60 + float(part)
    return seconds


def format_time(seconds):
    """Seconds -> "M:SS.s", or "H:MM:SS.s" from an hour."""
    tenths = int(round(seconds * 10))
    minutes, tenths = divmod(tenths, 600)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return "%d:%02d:%02d.%d" % (hours, minutes, tenths // 10, tenths % 10)
    return "%d:%02d.%d" % (minutes, tenths // 10, tenths % 10)


def average_speed(seconds, miles=DISTANCE_MILES, metric=False):
    """Average speed in mph (or km/h), to two decimal places."""
    if seconds <= 0:
        raise ValueError("a ride takes some time")
    distance = miles * KM_PER_MILE if metric else miles
    return round(distance * 3600 / seconds, 2)


def age_standard(age):
    """The standard time for the rider's five-year band, or None under 40."""
    if age < 40:
        return None
    band = min(age - age % 5, max(AGE_STANDARDS))
    return AGE_STANDARDS[band]


def plus_on_standard(age, seconds):
    """Seconds inside the age standard (negative if slower), or None under 40."""
    standard = age_standard(age)
    if standard is None:
        return None
    return round(standard - seconds, 1)


def fastest(rides):
    """The (rider, age, seconds) ride with the lowest time, or None if there are none."""
    if not rides:
        return None
    return min(rides, key=lambda ride: ride[2])


def results_table(rides, metric=False):
    """Lines of the results sheet, fastest first."""
    lines = []
    for place, (rider, age, seconds) in enumerate(sorted(rides, key=lambda r: r[2]), start=1):
        plus = plus_on_standard(age, seconds)
        vets = "" if plus is None else "  %+.1f on std" % plus
        unit = "km/h" if metric else "mph"
        lines.append("%2d. %-18s %9s  %6.2f %s%s" % (place, rider, format_time(seconds),
                                                     average_speed(seconds, metric=metric), unit, vets))
    return lines


def club_times(rides, clubs):
    """Total seconds of each club's three fastest riders; clubs maps rider -> club.
    Clubs with fewer than three riders are left out."""
    by_club = {}
    for rider, _, seconds in rides:
        club = clubs.get(rider)
        if club:
            by_club.setdefault(club, []).append(seconds)
    return {club: round(sum(sorted(times)[:3]), 1) for club, times in by_club.items() if len(times) >= 3}
