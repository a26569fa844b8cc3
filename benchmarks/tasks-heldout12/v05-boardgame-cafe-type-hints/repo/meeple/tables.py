"""Tables in the cafe and who sits where."""


class Table:
    def __init__(self, number, seats, window=False):
        self.number = number
        self.seats = seats
        self.window = window

    def fits(self, party_size):
        """A table fits a group that fills at least half of it."""
        return party_size <= self.seats and party_size * 2 >= self.seats

    def __repr__(self):
        return "Table(%d, %d%s)" % (self.number, self.seats, ", window" if self.window else "")


def parse_tables(lines):
    tables = []
    for line in lines:
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        tables.append(Table(int(parts[0]), int(parts[1]), "window" in parts[2:]))
    return tables


def free_tables(tables, booked=()):
    return [t for t in tables if t.number not in booked]


def find_table(tables, party_size, booked=(), want_window=False):
    """Smallest free table that fits the group (a window table if asked), or None."""
    options = [t for t in free_tables(tables, booked) if t.fits(party_size)]
    if want_window:
        options = [t for t in options if t.window] or options
    if not options:
        return None
    return min(options, key=lambda t: (t.seats, t.number))


def seat_groups(tables, groups):
    """Seat groups in order; map each group name to a table number or None."""
    booked = set()
    plan = {}
    for name, size in groups:
        table = find_table(tables, size, booked)
        plan[name] = table.number if table else None
        if table:
            booked.add(table.number)
    return plan


def occupancy(tables, plan):
    """Share of all seats in use, 0.0 to 1.0, given a plan and group sizes."""
    total = sum(t.seats for t in tables)
    used = sum(t.seats for t in tables if t.number in plan.values())
    return used / total if total else 0.0
