"""Registering a player for the season."""

from dataclasses import dataclass
from datetime import date

from kickabout.ages import age_group, group_number, is_valid_birth

FEES = {"small": 60, "big": 85}   # GBP for the season: U7-U11, U12-U16


@dataclass(frozen=True)
class Registration:
    name: str
    birth: date
    registered: date
    group: str
    fee: int


def fee_for(group):
    return FEES["small"] if group_number(group) <= 11 else FEES["big"]


def register(name, birth, today):
    if not name.strip():
        raise ValueError("a player needs a name")
    if not is_valid_birth(birth, today):
        raise ValueError("birth date %s is not in the past" % birth.isoformat())
    group = age_group(birth, today)
    return Registration(name.strip(), birth, today, group, fee_for(group))
