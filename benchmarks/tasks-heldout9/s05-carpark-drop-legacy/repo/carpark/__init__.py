"""Mill Street car park."""

from .legacy_tariff import old_price_for  # still used by the 2019 kiosks
from .tariff import price_for

__all__ = ["price_for", "old_price_for"]
