"""Per-day summaries of station readings."""
from collections import defaultdict

from weatherlog import psychro
from weatherlog.station import parse_line


def daily_summary(lines):
    """{date: {'min', 'max', 'mean', 'max_dew'}} for the readings in lines."""
    by_day = defaultdict(list)
    for line in lines:
        reading = parse_line(line)
        if reading is not None:
            by_day[reading.when.date()].append(reading)
    out = {}
    for day, readings in sorted(by_day.items()):
        temps = [r.temp_c for r in readings]
        dews = [psychro.calc_dew_pt(r.temp_c, r.rh) for r in readings]
        out[day] = {
            "min": min(temps),
            "max": max(temps),
            "mean": round(sum(temps) / len(temps), 1),
            "max_dew": round(max(dews), 1),
        }
    return out
