"""Read the intake list and the rescue's settings."""
import configparser
import csv


def load_intake(path):
    """Hedgehogs in care, as dicts with name, found, weight_g and pen."""
    with open(path, newline="", encoding="utf-8") as f:
        return [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(f)]


def load_settings(path="rescue.ini"):
    """The [release] settings: min_weight_g (the release weight) and season_end."""
    cfg = configparser.ConfigParser()
    if not cfg.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    return {"min_weight_g": cfg.get("release", "min_weight_g"),
            "season_end": cfg.get("release", "season_end")}
