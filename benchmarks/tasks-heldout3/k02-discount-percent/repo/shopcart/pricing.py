"""Price calculations."""


def apply_discount(price, percent):
    """Return *price* reduced by *percent* per cent (0-100), rounded to cents."""
    if not 0 <= percent <= 100:
        raise ValueError("percent must be between 0 and 100, got %r" % (percent,))
    return round(price - price * percent, 2)


def add_tax(price, rate=0.2):
    """Return *price* with VAT at *rate* added, rounded to cents."""
    return round(price * (1 + rate), 2)
