"""Christmas tree prices (pence) by height band and species."""

SPECIES_EXTRA = {"norway spruce": 0, "nordmann fir": 1000, "fraser fir": 800, "blue spruce": 600}
POT_GROWN_PERCENT = 140     # pot-grown trees cost 40% more
DEPOSIT_PERCENT = 20        # deposit to reserve a tree in the field
MIN_DEPOSIT = 600
NETTING = 150


def tree_price(height_cm, species="norway spruce", netted=False):
    """Price of a cut tree."""
    if height_cm < 90:
        raise ValueError("we don't sell trees under 90 cm")
    if height_cm < 150:
        base = 2500
    elif height_cm < 180:
        base = 3500
    elif height_cm < 210:
        base = 4500
    elif height_cm <= 240:
        base = 5500
    else:
        base = 5500 + (height_cm - 240 + 29) // 30 * 1000   # every started 30 cm over 2.4 m
    price = base + SPECIES_EXTRA[species.lower()]
    if netted:
        price += NETTING
    return price


def pot_grown_price(height_cm):
    """Pot-grown trees (Norway spruce only) go up to 180 cm."""
    if height_cm > 180:
        raise ValueError("pot-grown trees only go up to 180 cm")
    if height_cm < 90:
        raise ValueError("we don't sell trees under 90 cm")
    if height_cm < 150:
        base = 2500
    elif height_cm < 180:
        base = 3500
    elif height_cm < 210:
        base = 4500
    elif height_cm <= 240:
        base = 5500
    else:
        base = 5500 + (height_cm - 240 + 29) // 30 * 1000
    return base * POT_GROWN_PERCENT // 100


def reservation_deposit(height_cm, species="norway spruce"):
    """Deposit to reserve a growing tree: a share of the tree price, at least MIN_DEPOSIT."""
    if height_cm < 90:
        raise ValueError("we don't sell trees under 90 cm")
    if height_cm < 150:
        base = 2500
    elif height_cm < 180:
        base = 3500
    elif height_cm < 210:
        base = 4500
    elif height_cm <= 240:
        base = 5500
    else:
        base = 5500 + (height_cm - 240 + 29) // 30 * 1000
    deposit = (base + SPECIES_EXTRA[species.lower()]) * DEPOSIT_PERCENT // 100
    return max(MIN_DEPOSIT, deposit)


def order_total(items):
    """items: (height_cm, species, netted) cut trees -> total pence."""
    return sum(tree_price(h, s, n) for h, s, n in items)
