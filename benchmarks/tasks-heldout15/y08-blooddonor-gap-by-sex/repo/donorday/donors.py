"""Donor records."""
from dataclasses import dataclass
from datetime import date
from typing import Optional

SEXES = ("F", "M")


@dataclass
class Donor:
    name: str
    sex: str
    last_donation: Optional[date] = None

    def __post_init__(self):
        if self.sex not in SEXES:
            raise ValueError("sex must be F or M, not %r" % (self.sex,))

    @property
    def first_name(self):
        return self.name.split()[0]
