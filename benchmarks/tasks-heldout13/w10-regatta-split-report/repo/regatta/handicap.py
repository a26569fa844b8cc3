"""Portsmouth-style handicap ratings."""

RATINGS = {"Laser": 1100, "Solo": 1142, "GP14": 1130, "Wayfarer": 1102, "Topper": 1365}


def rating_for(boat_class):
    try:
        return RATINGS[boat_class]
    except KeyError:
        raise ValueError("no rating for class %r" % (boat_class,))


def clock(seconds):
    """3130 -> '52:10'; hours are shown as extra minutes."""
    return "%d:%02d" % divmod(seconds, 60)
