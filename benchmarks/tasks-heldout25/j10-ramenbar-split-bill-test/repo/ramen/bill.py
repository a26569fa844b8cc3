"""Working out a table's bill.

Prices are in pence. A 12.5% service charge is added to the food and
drink, rounded to the nearest penny (halves up).
"""

MENU = {
    "tonkotsu": 1350,
    "shoyu": 1250,
    "miso": 1295,
    "veg tantanmen": 1275,
    "gyoza": 650,
    "edamame": 450,
    "extra egg": 150,
    "kaedama": 250,
    "ramune": 375,
    "asahi": 550,
}
SERVICE_PERCENT = 12.5


def subtotal(items):
    """The menu price of a list of item names (KeyError for one not on the menu)."""
    return sum(MENU[item] for item in items)


def service_charge(amount):
    return int(amount * SERVICE_PERCENT / 100 + 0.5)


def bill_total(items, service=True):
    amount = subtotal(items)
    return amount + (service_charge(amount) if service else 0)


def split_bill(total, people):
    """Each diner's share of a total, in pence."""
    share = round(total / people)
    return [share] * people
