"""Read the hall's settings from bingo.json."""
import json
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "bingo.json"


def load(path=CONFIG):
    """The settings as a dict."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def jackpot(cfg, night):
    """The jackpot for a night, falling back to the hall's default."""
    return cfg["nights"][night].get("jackpot", cfg["default_jackpot"])


def nights(cfg):
    """Nights with a session, in the order they are listed."""
    return list(cfg["nights"])
