"""Reading workshops.ini.

Each section is a workshop; the [DEFAULT] section fills in whatever a
workshop leaves out (that is how configparser works).
"""
import configparser
from collections import namedtuple
from pathlib import Path

WORKSHOPS = Path(__file__).resolve().parent.parent / "workshops.ini"
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

Workshop = namedtuple("Workshop", "key title price minutes max_students min_age days")


def _parser(path):
    parser = configparser.ConfigParser()
    with open(path, encoding="utf-8") as f:
        parser.read_file(f)
    return parser


def _days(text):
    days = [d.strip().lower()[:3] for d in text.split(",") if d.strip()]
    bad = [d for d in days if d not in DAYS]
    if bad:
        raise ValueError("unknown days: %s" % ", ".join(bad))
    return days


def load(path=WORKSHOPS):
    """{key: Workshop} in the order of the file."""
    parser = _parser(path)
    out = {}
    for key in parser.sections():
        s = parser[key]
        out[key] = Workshop(key, s.get("title", key.title()), s.getint("price"), s.getint("minutes"),
                            s.getint("max_students"), s.getint("min_age"), _days(s["days"]))
    return out


def standard_price(path=WORKSHOPS):
    """The price of a workshop that does not set its own."""
    return _parser(path).getint("DEFAULT", "price")
