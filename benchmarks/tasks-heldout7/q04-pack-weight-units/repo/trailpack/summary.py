"""Human-readable pack summary."""
from .weight import base_weight, total_weight


def _fmt(grams):
    return "%d g" % round(grams)


def format_summary(items):
    """Base, food, worn and total weight, one per line."""
    carried = total_weight(items)
    everything = total_weight(items, include_worn=True)
    base = base_weight(items)
    lines = [
        "Base weight:  %s" % _fmt(base),
        "Food:         %s" % _fmt(carried - base),
        "Worn:         %s" % _fmt(everything - carried),
        "Total:        %s" % _fmt(everything),
    ]
    return "\n".join(lines)
