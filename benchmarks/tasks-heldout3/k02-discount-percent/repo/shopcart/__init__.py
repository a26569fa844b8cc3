from .cart import Cart
from .pricing import add_tax, apply_discount

__all__ = ["Cart", "add_tax", "apply_discount"]
