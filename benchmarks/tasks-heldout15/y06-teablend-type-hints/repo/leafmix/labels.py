"""Tin labels for the house blends."""
from pathlib import Path

from leafmix.blend import Blend, caffeine_mg

BLENDS_FILE = Path(__file__).resolve().parent.parent / "blends.txt"


def load_blends(path=BLENDS_FILE):
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [Blend.from_line(x) for x in lines if x.strip() and not x.startswith("#")]


def tin_label(blend):
    """Two lines: the name and leaves, then the caffeine note."""
    leaves = ", ".join(sorted(blend.recipe, key=lambda k: (-blend.recipe[k], k)))
    if blend.caffeine_free:
        note = "Caffeine free"
    else:
        note = "About %.0f mg caffeine a cup" % caffeine_mg(blend.recipe)
    return [blend.name + ": " + leaves, note]
