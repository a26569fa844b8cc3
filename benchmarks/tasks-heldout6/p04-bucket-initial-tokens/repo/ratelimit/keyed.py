"""One token bucket per key (client address, API key, ...)."""
import time

from ratelimit.bucket import TokenBucket


class KeyedLimiter:
    def __init__(self, rate, capacity, clock=time.monotonic, max_keys=10000):
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._max_keys = max_keys
        self._buckets = {}

    def bucket(self, key):
        b = self._buckets.get(key)
        if b is None:
            if len(self._buckets) >= self._max_keys:
                # Forget the oldest key; dicts keep insertion order.
                self._buckets.pop(next(iter(self._buckets)))
            b = self._buckets[key] = TokenBucket(self.rate, self.capacity, clock=self._clock)
        return b

    def allow(self, key, n=1):
        return self.bucket(key).try_acquire(n)

    def __len__(self):
        return len(self._buckets)
