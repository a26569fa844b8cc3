"""How many fish a tank can hold (the one-cm-per-litre rule)."""

CM_PER_LITRE = 1.0


def max_fish_cm(volume_l):
    """Total adult fish length the tank can hold, in whole cm."""
    return int(volume_l * CM_PER_LITRE)


def room_left(volume_l, fish):
    """Centimetres of fish still allowed, given (name, adult_cm, count) tuples."""
    used = sum(cm * count for _, cm, count in fish)
    return max_fish_cm(volume_l) - used
