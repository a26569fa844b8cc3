"""Launch limits: the highest wind (mph) and apogee (m) allowed."""
import json
from dataclasses import dataclass


@dataclass
class Limits:
    max_wind_mph: float
    max_apogee_m: float
    notes: str = ""


def load_limits(path="limits.json"):
    """Read limits from a JSON file with max_wind_mph and max_apogee_m."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return Limits(float(data["max_wind_mph"]), float(data["max_apogee_m"]), data.get("notes", ""))


def problems(limits, wind_mph, apogee_m):
    """Reasons not to launch (an empty list means go)."""
    out = []
    if wind_mph > limits.max_wind_mph:
        out.append("wind %g mph is over %g mph" % (wind_mph, limits.max_wind_mph))
    if apogee_m > limits.max_apogee_m:
        out.append("apogee %g m is over %g m" % (apogee_m, limits.max_apogee_m))
    return out
