"""Parsing of the station's log lines: '2026-07-01T14:00,24.5,61'."""
import datetime
from dataclasses import dataclass

from weatherlog.psychro import calc_dew_pt, heat_index_c


@dataclass(frozen=True)
class Reading:
    when: datetime.datetime
    temp_c: float
    rh: float

    @property
    def dew_c(self):
        return round(calc_dew_pt(self.temp_c, self.rh), 1)

    @property
    def feels_like_c(self):
        return round(heat_index_c(self.temp_c, self.rh), 1)


def parse_line(line):
    """One log line -> Reading, or None for blank lines and comments."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    stamp, temp, rh = line.split(",")
    return Reading(datetime.datetime.fromisoformat(stamp), float(temp), float(rh))
