"""Horses and their limits, read from stables.json."""
import json
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "stables.json"


def load(path=CONFIG):
    with open(path) as f:
        return json.load(f)


def weight_limit(cfg, name):
    """A horse's own limit in kg, or the yard's general one."""
    return cfg["horses"][name].get("max_weight_kg", cfg["max_weight_kg"])


def suitable(cfg, rider_kg, lesson=True):
    """Horses that can carry the rider, in name order."""
    return sorted(name for name, horse in cfg["horses"].items()
                  if rider_kg <= weight_limit(cfg, name)
                  and (horse["lessons"] or not lesson))


def price(cfg, hours):
    return round(cfg["hour_price"] * hours, 2)
