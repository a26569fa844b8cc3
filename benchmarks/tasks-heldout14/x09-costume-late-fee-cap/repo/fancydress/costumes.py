"""The hire stock. Money is in pence."""
from collections import namedtuple

Costume = namedtuple("Costume", "code name daily_rate deposit")

STOCK = {
    "GOR1": Costume("GOR1", "Gorilla suit", 400, 3000),
    "PIR2": Costume("PIR2", "Pirate captain", 250, 2000),
    "VIC1": Costume("VIC1", "Victorian gown", 600, 5000),
    "DIN3": Costume("DIN3", "Inflatable dinosaur", 350, 2500),
}


def pounds(pence):
    return "%d.%02d" % divmod(pence, 100)
