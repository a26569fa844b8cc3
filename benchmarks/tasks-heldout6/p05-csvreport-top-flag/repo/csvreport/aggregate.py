"""Grouping and totalling."""


def group_totals(rows, key, value):
    """[(group, total), ...] largest total first, ties by group name."""
    totals = {}
    for row in rows:
        if key not in row or value not in row:
            raise KeyError("missing column %r or %r" % (key, value))
        raw = (row[value] or "").strip()
        if not raw:
            continue
        group = (row[key] or "").strip()
        totals[group] = totals.get(group, 0.0) + float(raw)
    return sorted(totals.items(), key=lambda item: (-item[1], item[0]))
