"""Parsing and summarising station readings."""

from collections import namedtuple

Reading = namedtuple("Reading", "station date time temp_c rain_mm")


def parse_reading(line):
    """Parse "STATION DATE TIME TEMP RAIN" (temperature in C, rain in mm)."""
    station, date, time, temp, rain = line.split()
    return Reading(station, date, time, float(temp), float(rain))


def daily_summary(readings):
    """{(station, date): (min temp, max temp, total rain)}."""
    summary = {}
    for r in readings:
        key = (r.station, r.date)
        if key not in summary:
            summary[key] = (r.temp_c, r.temp_c, r.rain_mm)
        else:
            low, high, rain = summary[key]
            summary[key] = (min(low, r.temp_c), max(high, r.temp_c),
                            round(rain + r.rain_mm, 1))
    return summary
