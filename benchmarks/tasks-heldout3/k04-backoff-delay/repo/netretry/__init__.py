from .backoff import backoff_delay
from .retry import retry

__all__ = ["backoff_delay", "retry"]
