"""Rehearsal rooms and their prices, read from rooms.ini."""
import configparser
from pathlib import Path

ROOMS_INI = Path(__file__).resolve().parent.parent / "rooms.ini"


def load_rooms(path=ROOMS_INI):
    """{key: room} for every [room:<key>] section, in file order."""
    parser = configparser.ConfigParser()
    with open(path) as fh:
        parser.read_file(fh)
    rooms = {}
    for section in parser.sections():
        if not section.startswith("room:"):
            continue
        s = parser[section]
        key = section[len("room:"):]
        rooms[key] = {"title": s.get("title", key.title()),
                      "capacity": s.getint("capacity"),
                      "rate": s.getfloat("rate"),
                      "drum_kit": s.getboolean("drum_kit"),
                      "open": s.get("open"), "close": s.get("close")}
    return rooms


def cost(room, hours):
    """Price in pounds of booking `room` for `hours` hours."""
    return round(room["rate"] * hours, 2)


def rooms_for(band_size, rooms=None):
    """Keys of the rooms big enough for the band, smallest first."""
    rooms = load_rooms() if rooms is None else rooms
    fits = [k for k, r in rooms.items() if r["capacity"] >= band_size]
    return sorted(fits, key=lambda k: rooms[k]["capacity"])
