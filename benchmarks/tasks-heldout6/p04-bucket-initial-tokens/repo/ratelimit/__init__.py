"""ratelimit: in-process token-bucket rate limiting."""
from ratelimit.bucket import TokenBucket
from ratelimit.keyed import KeyedLimiter

__all__ = ["TokenBucket", "KeyedLimiter"]
