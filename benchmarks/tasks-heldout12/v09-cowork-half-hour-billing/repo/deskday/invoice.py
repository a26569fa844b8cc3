"""Invoices for members."""

from .billing import billable_hours, charge


def euros(cents):
    return "EUR %d.%02d" % divmod(int(round(cents)), 100)


def invoice_line(space, start, end):
    """e.g. 'Hot desk      09:00-10:40   2 h  EUR 12.00'."""
    hours = billable_hours(start, end)
    return "%-13s %s-%s %3d h  %s" % (space.capitalize(), start, end, hours,
                                      euros(charge(space, start, end)))


def invoice(member, bookings):
    lines = ["Invoice for %s" % member]
    total = 0
    for space, start, end in bookings:
        lines.append(invoice_line(space, start, end))
        total += charge(space, start, end)
    lines.append("Total: %s" % euros(total))
    return "\n".join(lines)
