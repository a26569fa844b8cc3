"""A day's round: houses in visiting order with their price."""
from squeegee.quote import pounds, visit_pence


def day_sheet(houses):
    """houses: list of (address, windows, conservatory, every_weeks)."""
    lines, total = [], 0
    for address, windows, conservatory, every in houses:
        price = visit_pence(windows, conservatory, every)
        total += price
        lines.append("%-24s %7s" % (address, pounds(price)))
    lines.append("%-24s %7s" % ("TOTAL", pounds(total)))
    return lines
