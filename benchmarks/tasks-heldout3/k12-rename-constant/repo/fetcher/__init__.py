from .client import Client, FetchError

__all__ = ["Client", "FetchError"]
