"""The machines in the shop."""
from collections import namedtuple

Machine = namedtuple("Machine", "number kind size")

MACHINES = [
    Machine(1, "washer", "small"),
    Machine(2, "washer", "small"),
    Machine(3, "washer", "large"),
    Machine(4, "washer", "duvet"),
    Machine(5, "dryer", "large"),
    Machine(6, "dryer", "large"),
]


def free_machines(kind, busy=()):
    """Numbers of the machines of `kind` not in `busy`."""
    return [m.number for m in MACHINES if m.kind == kind and m.number not in busy]


def machine(number):
    for m in MACHINES:
        if m.number == number:
            return m
    raise KeyError(number)
