"""League settings."""
import json
from pathlib import Path

LEAGUE_FILE = Path(__file__).with_name("league.json")


def load_settings(path=None):
    with open(path or LEAGUE_FILE, encoding="utf-8") as fh:
        return json.load(fh)
