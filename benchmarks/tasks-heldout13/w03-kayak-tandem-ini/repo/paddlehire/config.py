"""Loading the boat types from fleet.ini."""
import configparser
from decimal import Decimal, InvalidOperation
from pathlib import Path

FLEET_FILE = Path(__file__).resolve().parent.parent / "fleet.ini"


class BoatType:
    def __init__(self, name, hourly_cents, seats):
        self.name = name
        self.hourly_cents = hourly_cents
        self.seats = seats

    def __repr__(self):
        return "BoatType(%r, %r, %r)" % (self.name, self.hourly_cents, self.seats)


def _cents(text, where):
    try:
        cents = Decimal(text.strip()) * 100
    except InvalidOperation:
        raise ValueError("%s: hourly_rate %r is not an amount" % (where, text))
    if cents <= 0 or cents != cents.to_integral_value():
        raise ValueError("%s: hourly_rate %r is not a positive amount in euros" % (where, text))
    return int(cents)


def load_fleet(path=FLEET_FILE):
    """{name: BoatType} for every section of the INI file."""
    parser = configparser.ConfigParser(inline_comment_prefixes=("#",))
    with open(path, encoding="utf-8") as fh:
        parser.read_file(fh)
    fleet = {}
    for name in parser.sections():
        section = parser[name]
        seats = section.getint("seats")
        if seats is None or seats < 1:
            raise ValueError("%s: seats must be at least 1" % name)
        fleet[name] = BoatType(name, _cents(section["hourly_rate"], name), seats)
    return fleet
