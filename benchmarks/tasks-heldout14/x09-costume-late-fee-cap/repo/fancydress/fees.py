"""Late fees: the daily rate for every day a costume comes back late."""


def late_fee(costume, days_late):
    """Late fee in pence for a costume returned `days_late` days after it was due."""
    if days_late < 0:
        raise ValueError("days_late cannot be negative")
    return costume.daily_rate * days_late
