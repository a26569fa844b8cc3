"""Planning the kitchen for one evening."""
from cookclass.courses import COURSES


def places_left(course, bookings):
    """Places still free on `course` given the bookings so far."""
    taken = sum(b.pax for b in bookings if b.course == course)
    return COURSES[course].places - taken


def stations_needed(bookings):
    """Cooking stations to set up: a party shares stations two people at a time."""
    return sum((b.pax + 1) // 2 for b in bookings)


def prep_sheet(bookings):
    """Lines for the kitchen: one per party, vegetarians marked."""
    lines = []
    for b in sorted(bookings, key=lambda b: b.name):
        veg = " (%d veg)" % b.vegetarian if b.vegetarian else ""
        lines.append("%-12s x%d%s" % (b.name, b.pax, veg))
    return lines
