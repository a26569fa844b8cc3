"""beacon: a minimal HTTP status endpoint for batch hosts."""
from beacon.settings import load

__all__ = ["load"]
