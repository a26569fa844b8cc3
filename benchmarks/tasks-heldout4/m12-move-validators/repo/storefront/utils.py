"""Input validation shared by the catalog and checkout."""
import re
from decimal import Decimal, InvalidOperation

_SKU = re.compile(r"^[A-Z]{3}-\d{4}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.IGNORECASE)


def validate_sku(sku):
    if not isinstance(sku, str) or not _SKU.match(sku):
        raise ValueError("SKU must look like ABC-1234, got %r" % (sku,))
    return sku


def validate_price(price):
    try:
        value = Decimal(str(price))
    except InvalidOperation:
        raise ValueError("not a price: %r" % (price,)) from None
    if value <= 0 or value != value.quantize(Decimal("0.01")):
        raise ValueError("price must be positive with at most 2 decimals: %r" % (price,))
    return value


def validate_email(email):
    email = (email or "").strip()
    if not _EMAIL.match(email):
        raise ValueError("invalid email address: %r" % (email,))
    return email.lower()
