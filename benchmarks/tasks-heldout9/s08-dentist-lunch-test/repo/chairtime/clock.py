"""'HH:MM' <-> minutes after midnight."""


def to_minutes(text):
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def to_text(minutes):
    return "%02d:%02d" % divmod(minutes, 60)
