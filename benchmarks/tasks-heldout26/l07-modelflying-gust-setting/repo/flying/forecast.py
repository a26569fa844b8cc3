"""Hour by hour: can we fly?

    python -m flying.forecast forecast.csv [--settings field.toml]

forecast.csv has time, wind_from (degrees), wind_mph, gust_mph and rain_mm.
"""
import argparse
import csv
import math

from flying.settings import load_settings

MAX_GUST_MPH = 25


def crosswind(wind_from, wind_mph, runway_heading):
    """The part of the wind blowing across the runway, in mph."""
    return abs(wind_mph * math.sin(math.radians(wind_from - runway_heading)))


def problems(hour, settings):
    """Reasons not to fly this hour (empty when it is fine)."""
    out = []
    if hour["gust_mph"] > MAX_GUST_MPH:
        out.append("gusts %g mph over %g" % (hour["gust_mph"], MAX_GUST_MPH))
    cross = crosswind(hour["wind_from"], hour["wind_mph"], settings["runway_heading"])
    if cross > settings["max_crosswind_mph"]:
        out.append("crosswind %.0f mph over %g" % (cross, settings["max_crosswind_mph"]))
    if hour["rain_mm"] > 0:
        out.append("rain")
    return out


def read_forecast(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [{"time": r["time"].strip(), "wind_from": float(r["wind_from"]), "wind_mph": float(r["wind_mph"]),
                 "gust_mph": float(r["gust_mph"]), "rain_mm": float(r["rain_mm"])} for r in csv.DictReader(f)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("forecast")
    parser.add_argument("--settings", default="field.toml")
    args = parser.parse_args(argv)
    settings = load_settings(args.settings)
    hours = read_forecast(args.forecast)
    print("Forecast for %s" % settings["name"])
    good = 0
    for hour in hours:
        why = problems(hour, settings)
        good += not why
        print("%s  %s" % (hour["time"], "fly" if not why else "no: " + ", ".join(why)))
    print("%d of %d hours flyable" % (good, len(hours)))


if __name__ == "__main__":
    main()
