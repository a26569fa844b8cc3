"""Loading the rate card."""
import json
import os

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rates.json")
REQUIRED = ("weight_step_kg", "included_kg", "fuel_surcharge_pct",
            "minimum_charge", "zones", "remote_postcodes", "remote_fee")


def load_rates(path=None):
    with open(path or DEFAULT_PATH, encoding="utf-8") as fh:
        rates = json.load(fh)
    missing = [key for key in REQUIRED if key not in rates]
    if missing:
        raise ValueError("rate card is missing: " + ", ".join(missing))
    return rates
