"""Invoices: parties of six or more get 10% off."""
from cookclass.courses import COURSES

GROUP_SIZE = 6
GROUP_DISCOUNT = 0.10


def invoice_total(booking):
    """Total in pounds for a booking."""
    course = COURSES[booking.course]
    total = course.price * booking.pax
    if booking.pax >= GROUP_SIZE:
        total = round(total * (1 - GROUP_DISCOUNT), 2)
    return total


def invoice_line(booking):
    course = COURSES[booking.course]
    return "%d x %s @ %d.00 = %.2f" % (booking.pax, course.title, course.price, invoice_total(booking))
