"""Load farmpark.toml: one Pen per [pens.NAME] table, filled in from [defaults]."""
import tomllib
from dataclasses import dataclass
from datetime import datetime, time
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "farmpark.toml"


@dataclass(frozen=True)
class Pen:
    name: str
    keeper: str
    feeds_per_day: int
    first_feed: time
    last_feed: time
    visitor_feeding_until: time
    visitor_food: str
    max_group: int


def _clock(value):
    return datetime.strptime(str(value), "%H:%M").time()


def parse(data):
    defaults = data.get("defaults", {})
    pens = {}
    for name, table in data.get("pens", {}).items():
        merged = dict(defaults)
        merged.update(table)
        pen = Pen(name=name, keeper=merged["keeper"], feeds_per_day=int(merged["feeds_per_day"]),
                  first_feed=_clock(merged["first_feed"]), last_feed=_clock(merged["last_feed"]),
                  visitor_feeding_until=_clock(merged["visitor_feeding_until"]),
                  visitor_food=merged["visitor_food"], max_group=int(merged["max_group"]))
        if pen.feeds_per_day < 1:
            raise ValueError("%s must be fed at least once a day" % name)
        if pen.last_feed < pen.first_feed:
            raise ValueError("%s: last feed before first feed" % name)
        pens[name] = pen
    return pens


def load(path=CONFIG):
    with open(path, "rb") as fh:
        return parse(tomllib.load(fh))
