"""Spreading a buffer dose over several days."""

from . import chemistry

MAX_RISE_PER_DAY = 1.0


def weekly_plan(litres, current, target, strength, days=7):
    """List of (day, ml) pairs; never more than MAX_RISE_PER_DAY dKH per day."""
    plan = []
    level = current
    for day in range(1, days + 1):
        step_target = min(target, level + MAX_RISE_PER_DAY)
        ml = chemistry.calc_dose(litres, level, step_target, strength)
        if ml <= 0:
            break
        plan.append((day, ml))
        level = step_target
    return plan
