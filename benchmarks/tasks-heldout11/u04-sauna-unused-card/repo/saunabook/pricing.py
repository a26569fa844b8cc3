"""Session prices, in cents."""

BLOCK_MINUTES = 30
BLOCK_CENTS = 900         # per guest per started half hour
TOWEL_CENTS = 250
GROUP_SIZE = 4            # groups this big or bigger get GROUP_PERCENT off
GROUP_PERCENT = 10
OFF_PEAK_PERCENT = 20


def session_price(minutes, guests, towels, loyalty_card, off_peak=False):
    """Price in cents of one sauna session.

    Sauna time is charged per guest per started half hour; groups of four
    or more get 10% off it, and off-peak sessions a further 20% off.
    Towels are extra and never discounted.
    """
    if minutes <= 0 or guests <= 0 or towels < 0:
        raise ValueError("minutes and guests must be positive, towels not negative")
    blocks = -(-minutes // BLOCK_MINUTES)
    sauna = blocks * BLOCK_CENTS * guests
    if guests >= GROUP_SIZE:
        sauna -= sauna * GROUP_PERCENT // 100
    if off_peak:
        sauna -= sauna * OFF_PEAK_PERCENT // 100
    return sauna + towels * TOWEL_CENTS
