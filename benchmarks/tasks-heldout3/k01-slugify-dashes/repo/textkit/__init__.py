"""textkit: small text helpers."""
from .slug import slugify
from .wrap import shorten

__all__ = ["slugify", "shorten"]
