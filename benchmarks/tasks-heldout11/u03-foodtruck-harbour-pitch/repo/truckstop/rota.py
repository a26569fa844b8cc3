"""The weekly rota built from the pitch list."""

from truckstop.config import DAYS, load_pitches


def pitches_on(day, pitches=None):
    """Pitches the truck can use on `day` ('mon'..'sun')."""
    if pitches is None:
        pitches = load_pitches()
    return [p for p in pitches if day in p.days]


def week_plan(pitches=None):
    """{day: ['Name (opens-closes)', ...]} for every day of the week."""
    if pitches is None:
        pitches = load_pitches()
    return {day: ["%s (%s-%s)" % (p.name, p.opens, p.closes) for p in pitches_on(day, pitches)]
            for day in DAYS}


def weekly_fees(pitches=None):
    """Total pitch fees for one week of trading on every listed day."""
    if pitches is None:
        pitches = load_pitches()
    return sum(p.fee * len(p.days) for p in pitches)


if __name__ == "__main__":
    for day, slots in week_plan().items():
        print(day, ", ".join(slots) or "-")
