"""Options for pinger, read from pinger.ini with defaults."""
import configparser

DEFAULTS = {
    "interval": 30,
    "timeout": 5,
    "retries": 2,
    "log_file": "pinger.log",
}

_INTS = {"interval", "timeout", "retries"}


def load_config(path="pinger.ini"):
    parser = configparser.ConfigParser()
    parser.read(path)
    options = dict(DEFAULTS)
    if parser.has_section("pinger"):
        for key, value in parser["pinger"].items():
            if key not in DEFAULTS:
                raise ValueError(f"unknown option {key!r} in {path}")
            options[key] = int(value) if key in _INTS else value
    return options
