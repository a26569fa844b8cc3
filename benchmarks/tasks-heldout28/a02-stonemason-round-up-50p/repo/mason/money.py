"""Money helpers. All amounts are whole pence."""


def pounds(pence):
    """1146020 -> '£11,460.20'."""
    return "£{:,}.{:02d}".format(pence // 100, pence % 100)


def round_up_50(pence):
    """Round a price up to the next 50p; a price already on a 50p stays as it is."""
    return round(pence / 50) * 50


def percent_of(pence, percent):
    """`percent` per cent of an amount, to the nearest penny."""
    return (pence * percent + 50) // 100


def parse_pounds(text):
    """'£1,146.20' or '1146.2' -> 114620 pence."""
    t = text.strip().lstrip("£").replace(",", "")
    whole, _, part = t.partition(".")
    return int(whole or 0) * 100 + int((part + "00")[:2])
