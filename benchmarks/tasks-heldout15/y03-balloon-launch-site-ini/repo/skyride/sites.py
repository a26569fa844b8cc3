"""Launch sites read from launch_sites.ini."""
import configparser
from dataclasses import dataclass
from pathlib import Path

SITES_FILE = Path(__file__).resolve().parent.parent / "launch_sites.ini"
BASKETS = ("small", "large")
SLOTS = ("morning", "evening")


@dataclass(frozen=True)
class Site:
    key: str
    name: str
    max_wind_knots: int
    baskets: tuple
    slots: tuple
    notice_hours: int


def _words(value, allowed, what, key):
    words = tuple(w.strip().lower() for w in value.split(",") if w.strip())
    bad = [w for w in words if w not in allowed]
    if bad or not words:
        raise ValueError("site %s: bad %s %r" % (key, what, value))
    return words


def load_sites(path=SITES_FILE):
    """{key: Site} for every section of the ini file, in file order."""
    parser = configparser.ConfigParser()
    with open(path, encoding="utf-8") as fh:
        parser.read_file(fh)
    sites = {}
    for key in parser.sections():
        sec = parser[key]
        sites[key] = Site(key=key, name=sec["name"],
                          max_wind_knots=sec.getint("max_wind_knots"),
                          baskets=_words(sec["baskets"], BASKETS, "baskets", key),
                          slots=_words(sec["slots"], SLOTS, "slots", key),
                          notice_hours=sec.getint("notice_hours"))
    return sites
