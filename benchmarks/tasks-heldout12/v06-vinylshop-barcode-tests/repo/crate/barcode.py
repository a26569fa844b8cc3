"""EAN-13 barcodes as printed on record sleeves."""


def clean(code):
    """Drop the spaces and hyphens printed between digit groups."""
    return code.replace(" ", "").replace("-", "")


def check_digit(first12):
    """The 13th digit for a string of 12 digits (weights 1, 3, 1, 3, ...)."""
    total = 0
    for i, ch in enumerate(first12):
        weight = 3 if i % 2 else 1
        total += int(ch) * weight
    return (10 - total % 10) % 10


def is_valid_ean13(code):
    """True if `code` is 13 digits (spaces/hyphens allowed) with a correct check digit."""
    digits = clean(code)
    if len(digits) != 13 or not digits.isdigit():
        return False
    return check_digit(digits[:12]) == int(digits[12])
