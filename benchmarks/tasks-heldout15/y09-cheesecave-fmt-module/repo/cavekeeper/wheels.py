"""Wheels in the cave and the weekly cave report."""
from dataclasses import dataclass
from datetime import date

CHEESES = {"alpine": "Alpine tomme", "blue": "Cave blue", "washed": "Washed rind"}


@dataclass(frozen=True)
class Wheel:
    code: str
    cheese: str
    made: date
    grams: int

    def age_days(self, today):
        return (today - self.made).days


def _kg(grams):
    if grams < 1000:
        return "%d g" % grams
    return "%.2f kg" % (grams / 1000)


def _age(days):
    months, rest = divmod(days, 30)
    if not months:
        return "%d d" % rest
    return "%d mo %d d" % (months, rest)


def wheel_line(wheel, today):
    """'GR-014  Alpine tomme  12.35 kg  8 mo 7 d'."""
    return "%s  %s  %s  %s" % (wheel.code, CHEESES[wheel.cheese], _kg(wheel.grams),
                               _age(wheel.age_days(today)))


def cave_report(wheels, today):
    """One line per wheel, oldest first, then the total weight."""
    lines = [wheel_line(w, today) for w in sorted(wheels, key=lambda w: (w.made, w.code))]
    lines.append("Total  %s in %d wheels" % (_kg(sum(w.grams for w in wheels)), len(wheels)))
    return lines
