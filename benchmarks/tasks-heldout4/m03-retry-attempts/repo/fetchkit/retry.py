"""Retry a callable with exponential backoff."""
import time


def call_with_retry(fn, attempts=3, delay=0.5, retry_on=(OSError,), sleep=time.sleep):
    """Call ``fn()`` up to ``attempts`` times in total.

    Between two attempts we sleep ``delay``, then ``2 * delay``, ``4 * delay`` ...
    The exception from the last attempt is re-raised when every attempt fails.
    """
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    last_exc = None
    for attempt in range(1, attempts):
        try:
            return fn()
        except retry_on as exc:
            last_exc = exc
            if attempt < attempts:
                sleep(delay * (2 ** (attempt - 1)))
    raise last_exc
