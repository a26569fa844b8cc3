"""Who is in the flock."""

FLOCK = {
    "Bess": "Light Sussex",
    "Marigold": "Buff Orpington",
    "Pip": "Pekin",
    "Hattie": "Black Copper Marans",
    "Dot": "Speckledy",
}


def breed_of(hen):
    """The breed of a hen in the flock (KeyError if she isn't)."""
    return FLOCK[hen]


def names():
    """The hens' names, alphabetically."""
    return sorted(FLOCK)


def breeds():
    """The breeds in the flock, each once, alphabetically."""
    return sorted(set(FLOCK.values()))
