"""Bike-share fares."""
from .calendar import is_peak_day
from .pricing import billable_minutes, blocks, ride_fare

__all__ = ["ride_fare", "billable_minutes", "blocks", "is_peak_day"]
