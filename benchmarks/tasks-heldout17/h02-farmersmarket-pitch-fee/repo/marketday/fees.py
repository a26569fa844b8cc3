"""Stall fees for the Saturday farmers' market, in pounds."""

PITCH_FEE = 18.00        # one standard 3 m pitch, per market day
CORNER_SURCHARGE = 4.00  # corner pitches, per market day
HOOKUP_FEE = 6.50        # electric hook-up, per market day
SEASON_DAYS = 10         # book at least this many days for the season discount
SEASON_DISCOUNT = 0.10


def day_fee(pitches, corner=False, electric=False):
    """Fee for one market day."""
    if pitches < 1:
        raise ValueError("a stall needs at least one pitch")
    fee = pitches * PITCH_FEE
    if corner:
        fee += CORNER_SURCHARGE
    if electric:
        fee += HOOKUP_FEE
    return round(fee, 2)


def season_fee(days, pitches, corner=False, electric=False):
    """Fee for booking `days` market days up front."""
    total = days * day_fee(pitches, corner, electric)
    if days >= SEASON_DAYS:
        total *= 1 - SEASON_DISCOUNT
    return round(total, 2)
