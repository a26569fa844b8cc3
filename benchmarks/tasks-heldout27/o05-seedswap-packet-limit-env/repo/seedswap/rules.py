"""How the packets are shared out."""
import csv

MAX_PACKETS = 5


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def allocate(requests, stock):
    """{member: {variety: packets}} in request order, each member getting at most
    MAX_PACKETS packets in all and nobody getting more than there is in stock."""
    left = dict(stock)
    given = {}
    for member, variety, wanted in requests:
        mine = given.setdefault(member, {})
        room = MAX_PACKETS - sum(mine.values())
        n = max(0, min(wanted, room, left.get(variety, 0)))
        if n:
            mine[variety] = mine.get(variety, 0) + n
            left[variety] -= n
    return given


def capped(requests):
    """Members who asked for more than MAX_PACKETS packets in all: {member: asked}."""
    asked = {}
    for member, _variety, wanted in requests:
        asked[member] = asked.get(member, 0) + wanted
    return {m: n for m, n in asked.items() if n > MAX_PACKETS}
