"""forecast.csv: day,grains (day as YYYY-MM-DD)."""
import csv
from datetime import date


def load_forecast(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [(date.fromisoformat(r["day"].strip()), int(r["grains"])) for r in csv.DictReader(f)]


def show(day):
    return day.strftime("%a %d %b")
