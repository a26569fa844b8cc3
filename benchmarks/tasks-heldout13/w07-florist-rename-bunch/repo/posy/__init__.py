"""Order taking for a small florist."""
from posy.orders import Order
from posy.stems import Bunch, Stem

__all__ = ["Bunch", "Order", "Stem"]
