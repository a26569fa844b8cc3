"""The passenger manifest handed to the crew."""


def manifest_line(booking):
    """One line per booking: name, then counts of adults, children and bikes."""
    line = "%-12s %dA" % (booking.name.upper(), booking.adults)
    if booking.children:
        line += " %dC" % booking.children
    if booking.bikes:
        line += " %dB" % booking.bikes
    return line


def manifest(bookings):
    """Whole manifest with a total line at the bottom."""
    lines = [manifest_line(b) for b in bookings]
    total = sum(b.passengers() for b in bookings)
    lines.append("TOTAL %d passengers" % total)
    return "\n".join(lines)
