"""A small dictionary cache whose entries expire after `ttl` seconds."""
import time

_MISSING = object()


class TTLCache:
    def __init__(self, ttl=60.0, clock=time.monotonic):
        if ttl <= 0:
            raise ValueError("ttl must be positive")
        self.ttl = ttl
        self._clock = clock
        self._data = {}

    def set(self, key, value, ttl=None):
        expires_at = self._clock() + (self.ttl if ttl is None else ttl)
        self._data[key] = (value, expires_at)

    def get(self, key, default=None):
        entry = self._data.get(key, _MISSING)
        if entry is _MISSING:
            return default
        value, expires_at = entry
        if self._clock() < expires_at:
            # expired: drop it
            del self._data[key]
            return default
        return value

    def __contains__(self, key):
        return self.get(key, _MISSING) is not _MISSING

    def delete(self, key):
        self._data.pop(key, None)

    def clear(self):
        self._data.clear()

    def purge(self):
        """Remove every expired entry; return how many were removed."""
        now = self._clock()
        dead = [k for k, (_, exp) in self._data.items() if exp <= now]
        for k in dead:
            del self._data[k]
        return len(dead)

    def __len__(self):
        return len(self._data)
