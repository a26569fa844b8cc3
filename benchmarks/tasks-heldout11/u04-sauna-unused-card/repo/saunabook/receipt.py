"""Printed receipts and the walk-in price list."""

from saunabook.booking import quote
from saunabook.pricing import session_price


def format_cents(cents):
    return "%d.%02d" % divmod(cents, 100)


def receipt(booking):
    lines = ["Sauna booking for %s" % booking.name,
             "%d guest(s), %d min, starts %02d:00"
             % (booking.guests, booking.minutes, booking.start_hour)]
    if booking.card:
        lines.append("Loyalty card: %s" % booking.card)
    lines.append("Total: EUR %s" % format_cents(quote(booking)))
    return "\n".join(lines)


def price_list(options=(30, 60, 90)):
    """Walk-in prices for one guest without towels: minutes, peak, off-peak."""
    rows = []
    for minutes in options:
        peak = session_price(minutes, 1, 0, None)
        off_peak = session_price(minutes, 1, 0, None, True)
        rows.append("%3d min  %6s  %6s" % (minutes, format_cents(peak), format_cents(off_peak)))
    return "\n".join(rows)
