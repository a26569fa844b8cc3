"""Tariffs for the chargers. Money in cents."""

from dataclasses import dataclass

IDLE_CAP_CENTS = 1500  # most idle fee charged for one session


@dataclass(frozen=True)
class Tariff:
    name: str
    cents_per_kwh: int
    session_fee: int
    idle_cents_per_min: int = 10
    grace_min: int = 30  # idle minutes free of charge after charging ends


TARIFFS = {
    "guest": Tariff("guest", cents_per_kwh=59, session_fee=100),
    # Members get a longer grace period since the 2024 survey.
    "member": Tariff("member", cents_per_kwh=45, session_fee=0, grace_min=60),
}


def tariff(name):
    try:
        return TARIFFS[name]
    except KeyError:
        raise ValueError("unknown tariff %r" % (name,)) from None
