"""Weekly prices in pounds, by season."""

HIGH_SEASON = range(27, 36)   # ISO weeks of the summer holidays
SHOULDER = range(18, 27)


def week_price(week, front_row=False):
    """Price of one hut for one ISO week."""
    if week in HIGH_SEASON:
        price = 140
    elif week in SHOULDER:
        price = 95
    else:
        price = 60
    return price + (25 if front_row else 0)
