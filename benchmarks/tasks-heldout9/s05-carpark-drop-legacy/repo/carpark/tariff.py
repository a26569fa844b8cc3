"""Current tariff."""

FREE_MINUTES = 20
HOURLY_CENTS = 180
DAILY_CAP_CENTS = 1500


def price_for(minutes):
    """Price in cents for a stay of `minutes`."""
    if minutes < 0:
        raise ValueError("negative stay")
    if minutes <= FREE_MINUTES:
        return 0
    full_days, rest = divmod(minutes, 24 * 60)
    hours = -(-rest // 60)
    return full_days * DAILY_CAP_CENTS + min(hours * HOURLY_CENTS, DAILY_CAP_CENTS)
