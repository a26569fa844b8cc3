"""The business's settings, from walks.json at the top of the project."""
import json
from pathlib import Path

SETTINGS_FILE = Path(__file__).resolve().parent.parent / "walks.json"


def load(path=SETTINGS_FILE):
    with open(path, encoding="utf-8") as f:
        return json.load(f)
