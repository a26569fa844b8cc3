"""Tank volume and water treatment."""


def litres(length_cm, width_cm, height_cm):
    """Volume of a rectangular tank in litres."""
    if min(length_cm, width_cm, height_cm) <= 0:
        raise ValueError("tank sizes must be positive")
    return length_cm * width_cm * height_cm / 1000


def dose_ml(volume_l, ml_per_10l):
    """Millilitres of a treatment dosed per 10 litres."""
    if volume_l <= 0:
        raise ValueError("volume must be positive")
    return volume_l * ml_per_10l / 10
