from .cache import TTLCache
from .decorators import memoize

__all__ = ["TTLCache", "memoize"]
