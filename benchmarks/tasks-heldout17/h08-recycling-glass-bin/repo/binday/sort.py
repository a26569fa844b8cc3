"""Sort household items into Mossford council's bins."""


def bin_for(item):
    """Bin colour for an item: blue, green, brown, or black for general waste."""
    material = item.strip().lower()
    if material in ("paper", "card", "cardboard", "newspaper"):
        return "blue"
    elif material in ("grass", "leaves", "branches", "hedge cuttings"):
        return "green"
    elif material in ("food", "peelings", "teabags", "eggshells"):
        return "brown"
    else:
        return "black"


def sort_items(items):
    """{bin colour: [items]} keeping the order the items were given in."""
    bins = {}
    for item in items:
        bins.setdefault(bin_for(item), []).append(item)
    return bins
