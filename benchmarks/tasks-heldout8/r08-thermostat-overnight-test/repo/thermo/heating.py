"""Boiler relay decision."""

from .schedule import setpoint_at

HYSTERESIS = 0.5


def heating_needed(schedule, now, room_temp, hysteresis=HYSTERESIS):
    """True when the room is more than `hysteresis` below the setpoint."""
    return room_temp < setpoint_at(schedule, now) - hysteresis
