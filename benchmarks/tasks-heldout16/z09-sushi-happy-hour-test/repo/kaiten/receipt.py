"""Printed receipts."""

from kaiten.bill import bill_total, count_by_colour, service_charge
from kaiten.plates import pounds


def receipt_lines(plates, at, service=False):
    lines = ["Kaiten sushi bar - settled at %s" % at]
    for colour, count in count_by_colour(plates).items():
        lines.append("%3d x %s" % (count, colour))
    total = bill_total(plates, at)
    if service:
        charge = service_charge(total)
        lines.append("Service: %s" % pounds(charge))
        total += charge
    lines.append("Total: %s" % pounds(total))
    return lines
