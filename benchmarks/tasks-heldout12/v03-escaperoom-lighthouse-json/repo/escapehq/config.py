"""Load the rooms from rooms.json, filling gaps from its defaults."""

import json
from dataclasses import dataclass
from pathlib import Path

ROOMS_FILE = Path(__file__).resolve().parent.parent / "rooms.json"
KEYS = ("name", "min_players", "max_players", "minutes", "price_cents", "difficulty")
DIFFICULTIES = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Room:
    name: str
    min_players: int
    max_players: int
    minutes: int
    price_cents: int
    difficulty: str


def _room(entry, defaults):
    unknown = sorted(set(entry) - set(KEYS))
    if unknown:
        raise ValueError("unknown setting(s) %s for room %r" % (", ".join(unknown), entry.get("name")))
    merged = dict(defaults, **entry)
    if "name" not in merged:
        raise ValueError("a room has no name")
    room = Room(**{key: merged[key] for key in KEYS})
    if room.difficulty not in DIFFICULTIES:
        raise ValueError("%s: unknown difficulty %r" % (room.name, room.difficulty))
    if not 1 <= room.min_players <= room.max_players:
        raise ValueError("%s: bad player range %d-%d" % (room.name, room.min_players, room.max_players))
    return room


def load_rooms(path=None):
    with open(path or ROOMS_FILE, encoding="utf-8") as fh:
        data = json.load(fh)
    defaults = data.get("defaults", {})
    return [_room(entry, defaults) for entry in data["rooms"]]
