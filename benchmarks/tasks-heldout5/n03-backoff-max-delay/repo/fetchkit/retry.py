"""Retry helpers for flaky HTTP calls."""
import time

RETRYABLE_STATUS = frozenset({429, 500, 502, 503, 504})


def backoff_schedule(attempts, base=0.5, factor=2.0):
    """Delays in seconds to wait before each retry: base, base*factor, ..."""
    if attempts < 0:
        raise ValueError("attempts must be >= 0")
    return [base * factor ** i for i in range(attempts)]


def should_retry(status):
    """True for responses that are worth retrying."""
    return status in RETRYABLE_STATUS


def call_with_retry(fn, attempts=4, base=0.5, factor=2.0, sleep=time.sleep):
    """Call fn() and retry while it returns a retryable status.

    fn must return an object with a `status` attribute; the last response
    is returned whether or not it succeeded.
    """
    response = fn()
    for delay in backoff_schedule(attempts, base, factor):
        if not should_retry(response.status):
            break
        sleep(delay)
        response = fn()
    return response
