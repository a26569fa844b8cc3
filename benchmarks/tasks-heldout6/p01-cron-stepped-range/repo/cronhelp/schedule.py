"""A parsed cron expression that can find the next matching minute."""
from datetime import timedelta

from cronhelp.fields import parse_field

NAMES = ("minute", "hour", "day", "month", "weekday")


class CronSchedule:
    def __init__(self, expression):
        parts = expression.split()
        if len(parts) != len(NAMES):
            raise ValueError("expected 5 fields, got %d" % len(parts))
        self.expression = expression
        self.fields = {name: parse_field(part, name) for name, part in zip(NAMES, parts)}

    def matches(self, when):
        f = self.fields
        weekday = (when.weekday() + 1) % 7  # Python: Monday=0; cron: Sunday=0
        return (when.minute in f["minute"] and when.hour in f["hour"]
                and when.day in f["day"] and when.month in f["month"]
                and weekday in f["weekday"])

    def next_after(self, when, limit_days=366):
        """First matching minute strictly after `when`."""
        t = when.replace(second=0, microsecond=0) + timedelta(minutes=1)
        end = when + timedelta(days=limit_days)
        while t <= end:
            if self.matches(t):
                return t
            t += timedelta(minutes=1)
        raise ValueError("no match for %r within %d days" % (self.expression, limit_days))

    def __repr__(self):
        return "CronSchedule(%r)" % (self.expression,)
