"""The pianos on the round and the day's route."""
from tunebook.schedule import days_overdue, is_due


class Piano:
    def __init__(self, owner, use, last_tuned):
        self.owner = owner
        self.use = use
        self.last_tuned = last_tuned


def due_pianos(pianos, today):
    """Pianos due today, most overdue first."""
    due = [p for p in pianos if is_due(p.last_tuned, p.use, today)]
    return sorted(due, key=lambda p: (-days_overdue(p.last_tuned, p.use, today), p.owner))


def route(pianos, today):
    out = []
    for p in due_pianos(pianos, today):
        late = days_overdue(p.last_tuned, p.use, today)
        out.append("%s (%s, %s)" % (p.owner, p.use, "due today" if late == 0 else "%d days overdue" % late))
    return out
