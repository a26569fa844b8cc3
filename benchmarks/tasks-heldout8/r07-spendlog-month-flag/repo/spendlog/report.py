"""Totals and their text form."""


def totals_by_category(expenses):
    totals = {}
    for exp in expenses:
        totals[exp.category] = totals.get(exp.category, 0) + exp.cents
    return totals


def _money(cents):
    return "%d.%02d" % divmod(cents, 100)


def format_report(totals):
    """Alphabetical "category: amount" lines, then "total: amount"."""
    lines = ["%s: %s" % (cat, _money(totals[cat])) for cat in sorted(totals)]
    lines.append("total: %s" % _money(sum(totals.values())))
    return "\n".join(lines)
