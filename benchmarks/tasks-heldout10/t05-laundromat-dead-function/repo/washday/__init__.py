"""Laundromat pricing and receipts."""
from washday.pricing import dry_price, legacy_dryer_price, wash_price

__all__ = ["wash_price", "dry_price", "legacy_dryer_price"]
