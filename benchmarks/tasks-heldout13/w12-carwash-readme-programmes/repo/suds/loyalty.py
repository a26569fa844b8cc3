"""Loyalty card: every FREE_EVERY-th wash is free."""

FREE_EVERY = 10


def is_free(washes_before):
    """True when the next wash (after `washes_before` paid or free ones) is free."""
    return (washes_before + 1) % FREE_EVERY == 0
