"""One-line diary entries for the instructors."""
from lessons.timing import finish_time, lesson_length


def diary_line(start, pupil, kind):
    """E.g. '09:00-10:00  Priya      standard   1h00'."""
    hours, minutes = lesson_length(kind)
    return "%s-%s  %-10s %-10s %dh%02d" % (
        start, finish_time(start, kind), pupil, kind, hours, minutes)


def day_sheet(bookings):
    """The diary for a day from (start, pupil, kind) bookings, earliest first."""
    return "\n".join(diary_line(*booking) for booking in sorted(bookings))
