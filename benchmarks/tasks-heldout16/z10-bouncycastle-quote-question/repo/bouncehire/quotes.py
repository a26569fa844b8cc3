"""Printable quotes."""

from bouncehire.pricing import quote


def pounds(pence):
    return "%d.%02d" % divmod(pence, 100)


def format_quote(items, start, days, miles):
    q = quote(items, start, days, miles)
    lines = ["Quote: %s" % ", ".join(items),
             "From %s for %d day(s), %g miles away" % (start.isoformat(), days, miles),
             "Hire:      %8s" % pounds(q["hire"]),
             "Delivery:  %8s" % pounds(q["delivery"]),
             "VAT:       %8s" % pounds(q["vat"]),
             "Total:     %8s" % pounds(q["total"])]
    return lines
