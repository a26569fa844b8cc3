"""Pricing a cone or tub."""
from scoopery.menu import load_menu

CONE_PENCE = 30


def order_pence(keys, cone=False, menu=None):
    """Price of one serving with a scoop of each flavour in `keys`."""
    menu = menu if menu is not None else load_menu()
    total = sum(menu[k].pence for k in keys)
    return total + (CONE_PENCE if cone else 0)


def allergy_note(keys, menu=None):
    """'Contains: ...' for a serving, or 'No listed allergens'."""
    menu = menu if menu is not None else load_menu()
    found = sorted({a for k in keys for a in menu[k].allergens})
    return "Contains: " + ", ".join(found) if found else "No listed allergens"
