def format_cents(cents, currency="$"):
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return "%s%s%d.%02d" % (sign, currency, cents // 100, cents % 100)


def render(invoice):
    lines = ["Invoice %s for %s" % (invoice.number, invoice.client)]
    for item in invoice.items:
        from .totals import line_total_cents
        lines.append("  %-30s %10s" % (item.description, format_cents(line_total_cents(item))))
    lines.append("  %-30s %10s" % ("Tax", format_cents(invoice.tax_total_cents())))
    lines.append("  %-30s %10s" % ("Total", format_cents(invoice.total_cents())))
    return "\n".join(lines)
