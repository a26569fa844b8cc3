"""Tariff used by the 2019 pay kiosks (flat 30-minute blocks)."""

BLOCK_MINUTES = 30
BLOCK_CENTS = 100


def old_price_for(minutes):
    """Price in cents: 100 cents per started 30-minute block, no daily cap."""
    if minutes <= 0:
        return 0
    blocks = -(-minutes // BLOCK_MINUTES)
    return blocks * BLOCK_CENTS
