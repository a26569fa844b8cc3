"""Text formatting helpers for invoices."""


def money(amount, currency="EUR"):
    return "%.2f %s" % (amount, currency)


def line_item(name, qty, unit_price, currency="EUR"):
    total = money(qty * unit_price, currency)
    return "%-20s %3d x %10s = %12s" % (name, qty, money(unit_price, currency), total)


def header(number, customer):
    return "Invoice #%05d for %s" % (number, customer)


def footer(total, currency="EUR"):
    return "%s\n%-39s %12s" % ("-" * 52, "TOTAL", money(total, currency))
