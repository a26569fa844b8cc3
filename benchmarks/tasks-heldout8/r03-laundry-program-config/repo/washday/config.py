"""Load the program table from programs.ini."""

import configparser
from collections import namedtuple
from pathlib import Path

DEFAULT_PATH = Path(__file__).with_name("programs.ini")
MACHINES = ("washer", "dryer")

Program = namedtuple("Program", "name machine minutes price_cents")


def load_programs(path=None):
    """Return {name: Program} for every section of the INI file."""
    parser = configparser.ConfigParser()
    with open(path or DEFAULT_PATH, encoding="utf-8") as fh:
        parser.read_file(fh)
    programs = {}
    for name in parser.sections():
        section = parser[name]
        machine = section.get("machine", "").strip()
        if machine not in MACHINES:
            raise ValueError("program %r: unknown machine %r" % (name, machine))
        programs[name] = Program(name, machine, section.getint("minutes"),
                                 section.getint("price_cents"))
    return programs
