import json
import os
from dataclasses import dataclass
from typing import Optional

_DEFAULT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "staff.json")
_people = None


@dataclass(frozen=True)
class Person:
    uid: str
    name: str
    team: str
    manager: Optional[str] = None


def load(path=_DEFAULT):
    global _people
    with open(path, encoding="utf-8") as fh:
        _people = {d["uid"]: Person(**d) for d in json.load(fh)}
    return _people


def _all():
    return _people if _people is not None else load()


def get_usr(uid):
    """Return the Person with this uid; raise LookupError if there is none."""
    try:
        return _all()[uid]
    except KeyError:
        raise LookupError("no such user: %s" % uid) from None


def team_members(team):
    return sorted((p for p in _all().values() if p.team == team), key=lambda p: p.name)
