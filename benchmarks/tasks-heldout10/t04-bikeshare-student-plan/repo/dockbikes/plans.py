"""Load pricing plans from plans.ini."""
import configparser
from collections import namedtuple
from pathlib import Path

DEFAULT_PATH = Path(__file__).with_name("plans.ini")

Plan = namedtuple("Plan", "name unlock_fee per_minute included_minutes")


def _parser(path=None):
    cp = configparser.ConfigParser()
    with open(path or DEFAULT_PATH, encoding="utf-8") as fh:
        cp.read_file(fh)
    return cp


def load_plans(path=None):
    """{name: Plan} for every [plan:NAME] section."""
    cp = _parser(path)
    plans = {}
    for section in cp.sections():
        if not section.startswith("plan:"):
            continue
        name = section[len("plan:"):]
        sec = cp[section]
        plans[name] = Plan(name, sec.getfloat("unlock_fee"), sec.getfloat("per_minute"),
                           sec.getint("included_minutes"))
    return plans


def grace_minutes(path=None):
    return _parser(path).getint("general", "grace_minutes", fallback=0)
