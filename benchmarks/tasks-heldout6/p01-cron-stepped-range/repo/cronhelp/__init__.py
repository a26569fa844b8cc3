"""cronhelp: small helpers for five-field cron expressions."""
from cronhelp.fields import FIELD_RANGES, parse_field
from cronhelp.schedule import CronSchedule

__all__ = ["FIELD_RANGES", "parse_field", "CronSchedule"]
__version__ = "0.3.1"
