def backoff_delay(attempt, base=0.5, cap=30.0):
    """Seconds to wait before retry number *attempt* (0-based).

    Exponential: base * 2**attempt, but never more than *cap*.
    """
    if attempt < 0:
        raise ValueError("attempt must be >= 0")
    return min(cap, base * 2 * attempt)
