import functools

from .cache import TTLCache, _MISSING


def memoize(ttl=60.0, cache=None):
    """Cache a function's results by its positional and keyword arguments."""
    def decorator(fn):
        store = cache if cache is not None else TTLCache(ttl=ttl)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items())))
            value = store.get(key, _MISSING)
            if value is _MISSING:
                value = fn(*args, **kwargs)
                store.set(key, value)
            return value

        wrapper.cache = store
        return wrapper
    return decorator
