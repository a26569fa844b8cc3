"""A client that retries failed requests."""
from .config import MAX_RETRY, TIMEOUT_SECONDS


class FetchError(Exception):
    pass


class Client:
    def __init__(self, transport, attempts=MAX_RETRY, timeout=TIMEOUT_SECONDS):
        if attempts < 1 or attempts > MAX_RETRY:
            raise ValueError(f"attempts must be between 1 and {MAX_RETRY}")
        self.transport = transport
        self.attempts = attempts
        self.timeout = timeout

    def get(self, url):
        last_error = None
        for _ in range(self.attempts):
            try:
                return self.transport(url, self.timeout)
            except ConnectionError as exc:
                last_error = exc
        raise FetchError(f"{url}: gave up after {self.attempts} attempts") from last_error
