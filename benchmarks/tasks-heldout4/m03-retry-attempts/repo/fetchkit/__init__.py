from .retry import call_with_retry

__version__ = "1.4.0"
