"""The week's classes: (day, time, dance, level)."""

CLASSES = [
    ("Mon", "19:00", "waltz", "beginner"),
    ("Mon", "20:15", "quickstep", "improver"),
    ("Tue", "18:30", "cha-cha", "beginner"),
    ("Tue", "19:45", "tango", "advanced"),
    ("Wed", "19:00", "foxtrot", "improver"),
    ("Thu", "19:00", "rumba", "beginner"),
    ("Thu", "20:15", "paso doble", "advanced"),
    ("Sat", "10:30", "jive", "improver"),
]


def timetable(day=None):
    """Timetable lines for the week, or for one day if `day` is given."""
    return ["%s %s  %-11s %s" % entry for entry in CLASSES
            if day is None or entry[0] == day]
