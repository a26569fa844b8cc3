"""The models the club folds: sheets of paper each, paper size, minutes each."""
from collections import namedtuple

Model = namedtuple("Model", "name sheets paper_cm minutes")

MODELS = {
    "crane": Model("crane", 1, 15, 6),
    "lily": Model("lily", 1, 15, 8),
    "kusudama": Model("kusudama", 30, 7.5, 90),
    "star box": Model("star box", 8, 10, 25),
    "frog": Model("frog", 1, 7.5, 4),
}


def find(name):
    key = " ".join(name.lower().split())
    if key not in MODELS:
        raise KeyError(name)
    return MODELS[key]
