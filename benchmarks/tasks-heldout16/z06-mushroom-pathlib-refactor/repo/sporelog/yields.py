"""Yield figures for a batch."""


def total_grams(batch):
    return sum(batch.flushes)


def biological_efficiency(batch):
    """Fresh mushroom weight as a percentage of dry substrate weight."""
    if batch.substrate_kg <= 0:
        raise ValueError("substrate weight must be positive")
    return round(total_grams(batch) / (batch.substrate_kg * 1000) * 100, 1)


def best_flush(batch):
    """(flush number starting at 1, grams) of the heaviest flush, or None."""
    if not batch.flushes:
        return None
    grams = max(batch.flushes)
    return batch.flushes.index(grams) + 1, grams
