"""The guest list."""

from dataclasses import dataclass


def normalise_name(name):
    """Tidy a name for comparing: trim, single spaces, capitalised words,
    including after an apostrophe or hyphen ("o'brien" -> "O'Brien")."""
    words = []
    for word in name.split():
        out, cap = [], True
        for ch in word:
            out.append(ch.upper() if cap else ch.lower())
            cap = ch in "'-"
        words.append("".join(out))
    return " ".join(words)


@dataclass
class Guest:
    name: str
    side: str  # "bride" or "groom"
    diet: str = ""


def load_guests(lines):
    """Lines like 'Mary O'Brien; bride; vegetarian'."""
    guests = []
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(";")]
        name, side = normalise_name(parts[0]), parts[1].lower()
        guests.append(Guest(name, side, parts[2] if len(parts) > 2 else ""))
    return guests
