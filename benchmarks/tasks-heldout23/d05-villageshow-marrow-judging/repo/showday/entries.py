"""Entries: who has entered what, and what they owe.

An entry form is one line: the exhibitor's name, a colon, then the class
numbers they are entering, e.g. "Mrs Pugh: 1, 6, 14". An exhibitor may
enter a class once; a class stops taking entries when it reaches its
max_entries.
"""
from collections import Counter

from showday.schedule import fee, load_classes


def read_forms(lines):
    """[(exhibitor, [class numbers])] in the order the forms came in."""
    forms = []
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, numbers = line.partition(":")
        if not sep:
            raise ValueError("an entry form looks like 'Name: 1, 6, 14': %r" % line)
        forms.append((name.strip(), [int(n) for n in numbers.replace(",", " ").split()]))
    return forms


def accept(forms, classes=None):
    """(accepted [(exhibitor, class number)], refused [(exhibitor, class number, reason)])."""
    by_number = {c.number: c for c in (classes if classes is not None else load_classes())}
    taken = Counter()
    accepted, refused = [], []
    for name, numbers in forms:
        for n in numbers:
            c = by_number.get(n)
            if c is None:
                refused.append((name, n, "no such class"))
            elif (name, n) in accepted:
                refused.append((name, n, "already entered"))
            elif taken[n] >= c.max_entries:
                refused.append((name, n, "class full"))
            else:
                taken[n] += 1
                accepted.append((name, n))
    return accepted, refused


def fees_due(accepted, classes=None):
    """{exhibitor: pence} for the accepted entries."""
    by_number = {c.number: c for c in (classes if classes is not None else load_classes())}
    due = {}
    for name, n in accepted:
        due[name] = due.get(name, 0) + by_number[n].fee_pence
    return due


def fee_lines(due):
    return ["%-24s %s" % (name, fee(pence)) for name, pence in sorted(due.items())]
