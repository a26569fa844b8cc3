"""Deciding which dump files to delete."""
import datetime
import re


def dump_dates(names, prefix):
    """{name: date} for names like '<prefix>2026-03-14.sql.gz'."""
    pattern = re.compile(re.escape(prefix) + r"(\d{4}-\d\d-\d\d)\.sql\.gz$")
    out = {}
    for name in names:
        m = pattern.match(name)
        if m:
            out[name] = datetime.date.fromisoformat(m.group(1))
    return out


def files_to_delete(names, prefix, keep_daily, keep_weekly):
    """Sorted names that fall outside both the daily and weekly retention."""
    dated = sorted(dump_dates(names, prefix).items(), key=lambda kv: kv[1], reverse=True)
    keep = {name for name, _ in dated[:keep_daily]}
    weeks_seen = []
    for name, day in dated:
        week = day.isocalendar()[:2]
        if week not in weeks_seen:
            weeks_seen.append(week)
            if len(weeks_seen) <= keep_weekly:
                keep.add(name)
    return sorted(name for name, _ in dated if name not in keep)
