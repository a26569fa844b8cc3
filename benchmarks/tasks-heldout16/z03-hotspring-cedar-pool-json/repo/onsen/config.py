"""Loading pools.json: every pool gets the defaults it does not override."""

import json
import re
from dataclasses import dataclass

KEYS = {"temp_c": int, "max_bathers": int, "min_age": int,
        "opens": str, "closes": str, "tattoos_ok": bool}
_CLOCK = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


@dataclass(frozen=True)
class Pool:
    name: str
    temp_c: int
    max_bathers: int
    min_age: int
    opens: str
    closes: str
    tattoos_ok: bool


def _checked(name, values):
    for key, value in values.items():
        if key not in KEYS:
            raise ValueError("pool %s: unknown key %r" % (name, key))
        want = KEYS[key]
        if type(value) is not want:
            raise ValueError("pool %s: %s must be %s" % (name, key, want.__name__))
        if want is str and not _CLOCK.match(value):
            raise ValueError("pool %s: %s must be HH:MM" % (name, key))
    return values


def pools_from_dict(data):
    defaults = _checked("defaults", dict(data["defaults"]))
    pools = {}
    for name, own in data["pools"].items():
        values = dict(defaults)
        values.update(_checked(name, own))
        missing = set(KEYS) - set(values)
        if missing:
            raise ValueError("pool %s: no value for %s" % (name, ", ".join(sorted(missing))))
        if values["opens"] >= values["closes"]:
            raise ValueError("pool %s: closes before it opens" % name)
        pools[name] = Pool(name=name, **values)
    return pools


def load_pools(path="pools.json"):
    with open(path, encoding="utf-8") as fh:
        return pools_from_dict(json.load(fh))
