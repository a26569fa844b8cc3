"""A single token bucket."""
import time


class TokenBucket:
    """`rate` tokens per second are added, holding at most `capacity`."""

    def __init__(self, rate, capacity, clock=time.monotonic):
        if rate <= 0 or capacity <= 0:
            raise ValueError("rate and capacity must be positive")
        self.rate = float(rate)
        self.capacity = float(capacity)
        self._clock = clock
        self._tokens = float(capacity)
        self._stamp = clock()

    def _refill(self):
        now = self._clock()
        elapsed = max(0.0, now - self._stamp)
        self._stamp = now
        self._tokens = min(self.capacity, self._tokens + elapsed * self.rate)

    @property
    def tokens(self):
        """Tokens available right now."""
        self._refill()
        return self._tokens

    def try_acquire(self, n=1):
        """Take `n` tokens if available; True on success."""
        if n > self.capacity:
            raise ValueError("cannot acquire more than capacity")
        self._refill()
        if n <= self._tokens:
            self._tokens -= n
            return True
        return False

    def wait_time(self, n=1):
        """Seconds until `n` tokens will be available."""
        self._refill()
        missing = n - self._tokens
        return 0.0 if missing <= 0 else missing / self.rate
