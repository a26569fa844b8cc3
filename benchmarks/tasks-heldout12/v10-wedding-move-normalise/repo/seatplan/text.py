"""Small text helpers for cards and lists."""


def initials(name):
    """'Mary O'Brien' -> 'M.O.'"""
    return "".join(part[0].upper() + "." for part in name.split() if part)


def place_card(name, table):
    """The line printed on a place card."""
    return "%s - table %s" % (name, table)


def slug(text):
    """'Rose Garden' -> 'rose-garden', for file names."""
    return "-".join(text.lower().split())
