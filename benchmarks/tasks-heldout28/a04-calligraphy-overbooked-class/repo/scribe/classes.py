"""The class list, kept in classes.json."""
import json


def load_classes(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def save_classes(path, classes):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(classes, f, indent=2)
        f.write("\n")


def find_class(classes, title):
    """The class called `title` (any case); LookupError if there is none."""
    for cls in classes:
        if cls["title"].lower() == title.strip().lower():
            return cls
    raise LookupError("no class called %r" % title)


def seats_taken(cls):
    return sum(b["seats"] for b in cls["bookings"])


def seats_left(cls):
    return cls["capacity"] - seats_taken(cls)
