"""The till receipt."""
from washday.machines import machine
from washday.pricing import dry_price, wash_price


def receipt_lines(washes=(), dries=()):
    """`washes`: (machine number, hot) pairs; `dries`: (machine number, minutes)."""
    lines = []
    total = 0.0
    for number, hot in washes:
        m = machine(number)
        price = wash_price(m.size, hot)
        label = "Wash #%d %s%s" % (number, m.size, " hot" if hot else "")
        lines.append("%-24s %6.2f" % (label, price))
        total += price
    for number, minutes in dries:
        price = dry_price(minutes)
        lines.append("%-24s %6.2f" % ("Dry #%d %d min" % (number, minutes), price))
        total += price
    lines.append("%-24s %6.2f" % ("TOTAL", total))
    return lines
