import re
from dataclasses import dataclass


@dataclass
class Budget:
    project: str
    weekly_minutes: int

    def remaining(self, used_minutes):
        return self.weekly_minutes - used_minutes


def parse_budget(spec):
    """'client-a=12h30m' -> Budget('client-a', 750)"""
    project, sep, amount = spec.partition("=")
    if not sep or not project.strip():
        raise ValueError("expected PROJECT=DURATION, got %r" % spec)
    text = amount.strip().lower()
    dm = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?", text)
    if not text or not dm or (dm.group(1) is None and dm.group(2) is None):
        raise ValueError("bad duration: %r" % text)
    minutes = int(dm.group(1) or 0) * 60 + int(dm.group(2) or 0)
    if minutes == 0:
        raise ValueError("duration must be positive: %r" % text)
    return Budget(project.strip(), minutes)
