"""Home thermostat schedule logic."""

from .heating import heating_needed
from .schedule import DEFAULT_SETPOINT, parse_schedule, setpoint_at

__all__ = ["DEFAULT_SETPOINT", "heating_needed", "parse_schedule", "setpoint_at"]
