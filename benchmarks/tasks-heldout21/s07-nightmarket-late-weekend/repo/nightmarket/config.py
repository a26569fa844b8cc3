"""Read market.ini into one settings record per market night."""
import configparser
from collections import namedtuple
from datetime import datetime
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "market.ini"
NIGHTS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

Night = namedtuple("Night", "name opens closes pitch_fee max_stalls generator_allowed")


def _clock(text):
    return datetime.strptime(text.strip(), "%H:%M").time()


def parse(text):
    """{night: Night} from the text of an INI file."""
    cfg = configparser.ConfigParser()
    cfg.read_string(text)
    nights = {}
    for name in cfg.sections():
        if name not in NIGHTS:
            raise ValueError("unknown market night [%s]" % name)
        sec = cfg[name]
        night = Night(name, _clock(sec["opens"]), _clock(sec["closes"]), sec.getfloat("pitch_fee"),
                      sec.getint("max_stalls"), sec.getboolean("generator_allowed"))
        if night.closes <= night.opens:
            raise ValueError("[%s] closes before it opens" % name)
        nights[name] = night
    return nights


def load(path=CONFIG):
    return parse(Path(path).read_text(encoding="utf-8"))
