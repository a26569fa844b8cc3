"""Which rooms suit a group, and what it costs."""


def fits(room, players):
    return room.min_players <= players <= room.max_players


def rooms_for(players, rooms):
    """Rooms a group of `players` can book, shortest games first."""
    return sorted((r for r in rooms if fits(r, players)), key=lambda r: (r.minutes, r.name))


def quote(room, players):
    """Total price in cents for `players` people in `room`."""
    if not fits(room, players):
        raise ValueError("%s takes %d-%d players, not %d"
                         % (room.name, room.min_players, room.max_players, players))
    return room.price_cents * players


def euros(cents):
    return "EUR %d.%02d" % divmod(cents, 100)
