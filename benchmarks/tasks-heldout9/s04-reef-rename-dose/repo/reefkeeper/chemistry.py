"""Water chemistry arithmetic."""


def calc_volume(length_cm, width_cm, height_cm, fill=0.9):
    """Net water volume in litres of a tank filled to `fill` of its height."""
    return round(length_cm * width_cm * height_cm * fill / 1000.0, 1)


def calc_dose(litres, current, target, strength):
    """Millilitres of buffer needed to raise alkalinity from `current` to `target`.

    `strength` is how many dKH one ml raises 100 litres.
    """
    if target <= current:
        return 0.0
    return round((target - current) * litres / (strength * 100.0), 1)
