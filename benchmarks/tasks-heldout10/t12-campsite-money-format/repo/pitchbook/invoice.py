"""Build and print a guest invoice."""
from pitchbook.extras import extra_cost
from pitchbook.pitches import get_pitch


def line_items(code, nights, extras=()):
    """[(label, amount)] for a stay; `extras` is [(name, quantity)]."""
    pitch = get_pitch(code)
    items = [("%s %s x %d nights" % (pitch.kind.title(), pitch.code, nights),
              round(pitch.nightly * nights, 2))]
    for name, qty in extras:
        items.append(("%s x %d" % (name.title(), qty), extra_cost(name, nights, qty)))
    return items


def invoice_total(items):
    return round(sum(amount for _, amount in items), 2)


def render_invoice(guest, items):
    lines = ["Larchwood Campsite", "Invoice for %s" % guest, ""]
    for label, amount in items:
        lines.append("  %-32s %10s" % (label, amount))
    lines.append("  %-32s %10s" % ("TOTAL", invoice_total(items)))
    return "\n".join(lines)
