"""Loads the flavour list from flavours.toml (prices in pence per scoop)."""
import tomllib
from dataclasses import dataclass
from pathlib import Path

MENU_FILE = Path(__file__).resolve().parent.parent / "flavours.toml"

# Allergen names as printed on the allergy board; anything else is a typo.
ALLERGENS = ("milk", "egg", "gluten", "soya", "peanut", "tree-nut", "sesame")


@dataclass(frozen=True)
class Flavour:
    key: str
    name: str
    pence: int
    allergens: tuple

    @property
    def vegan(self):
        return not ({"milk", "egg"} & set(self.allergens))


def load_menu(path=MENU_FILE):
    """{key: Flavour} for every [flavours.<key>] table in the file."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    menu = {}
    for key, entry in data.get("flavours", {}).items():
        allergens = tuple(entry.get("allergens", []))
        for allergen in allergens:
            if allergen not in ALLERGENS:
                raise ValueError("%s: unknown allergen %r" % (key, allergen))
        menu[key] = Flavour(key, entry.get("name", key.replace("-", " ").title()),
                            int(entry["price"]), allergens)
    return menu
