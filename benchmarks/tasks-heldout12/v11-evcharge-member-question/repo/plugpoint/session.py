"""One charging session and what it costs."""

from dataclasses import dataclass

from .tariffs import IDLE_CAP_CENTS, tariff


def minutes(hhmm):
    hours, mins = hhmm.split(":")
    return int(hours) * 60 + int(mins)


@dataclass
class Session:
    tariff: str
    plugged_in: str
    charged_until: str
    unplugged: str
    kwh: float


def idle_minutes(session):
    """Minutes the car sat at the charger after charging, beyond the grace period."""
    t = tariff(session.tariff)
    idle = minutes(session.unplugged) - minutes(session.charged_until)
    return max(0, idle - t.grace_min)


def energy_cost(session):
    return round(session.kwh * tariff(session.tariff).cents_per_kwh)


def idle_fee(session):
    t = tariff(session.tariff)
    return min(idle_minutes(session) * t.idle_cents_per_min, IDLE_CAP_CENTS)


def cost(session):
    """Total for the session in cents."""
    t = tariff(session.tariff)
    return t.session_fee + energy_cost(session) + idle_fee(session)
