"""Students and lesson groups."""
from collections import namedtuple

from swellschool.wetsuits import wetsuit_size

Student = namedtuple("Student", "name age height_cm level")
LEVELS = ("beginner", "improver", "advanced")


def groups(students):
    """{level: [names]} in LEVELS order, names sorted."""
    out = {}
    for level in LEVELS:
        names = sorted(s.name for s in students if s.level == level)
        if names:
            out[level] = names
    return out


def kit_list(students):
    """'Noah: L' lines for the kit shed, by name."""
    return ["%s: %s" % (s.name, wetsuit_size(s.height_cm, s.age))
            for s in sorted(students, key=lambda s: s.name)]
