import json
import os

from .models import Contact


def load_book(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [Contact.from_dict(d) for d in json.load(fh)]


def save_book(path, contacts):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump([c.to_dict() for c in contacts], fh, indent=2)


def merge(existing, new):
    """Add contacts from `new` whose email is not already in `existing`."""
    seen = {c.email for c in existing}
    merged = list(existing)
    for c in new:
        if c.email not in seen:
            merged.append(c)
            seen.add(c.email)
    return merged
