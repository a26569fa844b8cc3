import time

from .backoff import backoff_delay


def retry(func, attempts=3, base=0.5, cap=30.0, retry_on=(OSError,), sleep=time.sleep):
    """Call func() until it succeeds, at most *attempts* times."""
    for attempt in range(attempts):
        try:
            return func()
        except retry_on:
            if attempt == attempts - 1:
                raise
            sleep(backoff_delay(attempt, base, cap))
