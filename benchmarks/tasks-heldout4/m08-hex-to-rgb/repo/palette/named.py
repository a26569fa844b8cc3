NAMED = {
    "black": (0, 0, 0),
    "white": (255, 255, 255),
    "red": (255, 0, 0),
    "rebeccapurple": (102, 51, 153),
    "teal": (0, 128, 128),
}


def lookup(name):
    try:
        return NAMED[name.strip().lower()]
    except KeyError:
        raise KeyError("unknown colour name: %r" % name) from None
