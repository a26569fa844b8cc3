"""Pressing-day settings, read from press.toml at the project root."""
import tomllib
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "press.toml"
BUILT_IN = {"start": "08:00", "batch_litres": 40, "bottle_ml": 500}


def load(path=CONFIG):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def day_settings(day, data=None):
    """Built-in values, overridden by [defaults], overridden by [days.<day>]."""
    data = load() if data is None else data
    out = dict(BUILT_IN)
    out.update(data.get("defaults", {}))
    out.update(data.get("days", {}).get(day, {}))
    return out


def bottles(day, data=None):
    """Full bottles from one batch on that day."""
    s = day_settings(day, data)
    return int(s["batch_litres"] * 1000 // s["bottle_ml"])


def plan(data=None):
    """One line per pressing day, in the order of the config file."""
    data = load() if data is None else data
    lines = []
    for day in data.get("days", {}):
        s = day_settings(day, data)
        lines.append("%-9s from %s  %3d L  %3d x %d ml" % (
            day.title(), s["start"], s["batch_litres"], bottles(day, data), s["bottle_ml"]))
    return lines


if __name__ == "__main__":
    print("\n".join(plan()))
