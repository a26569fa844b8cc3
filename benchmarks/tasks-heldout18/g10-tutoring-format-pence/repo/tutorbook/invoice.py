"""Plain-text invoices for parents."""
from tutorbook.money import lesson_fee, total


def line(subject, minutes):
    fee = lesson_fee(subject, minutes)
    return "%-8s %3d min  GBP %d.%02d" % (subject, minutes, fee // 100, fee % 100)


def invoice(pupil, lessons):
    """Invoice text for a pupil's (subject, minutes) lessons."""
    lines = ["Tuition for %s" % pupil]
    lines += [line(subject, minutes) for subject, minutes in lessons]
    due = total(lesson_fee(subject, minutes) for subject, minutes in lessons)
    lines.append("Total due: GBP %d.%02d" % (due // 100, due % 100))
    return "\n".join(lines)
