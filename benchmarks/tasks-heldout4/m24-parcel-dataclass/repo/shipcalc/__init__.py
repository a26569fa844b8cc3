from .parcel import Parcel
from .rates import quote

__all__ = ["Parcel", "quote"]
