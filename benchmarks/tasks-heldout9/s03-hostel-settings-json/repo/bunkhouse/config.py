"""Loading the house rules from settings.json."""

import json
from pathlib import Path

SETTINGS_PATH = Path(__file__).with_name("settings.json")


def load_settings(path=None):
    """Return the settings dict (from `path`, or the packaged settings.json)."""
    with open(path or SETTINGS_PATH, encoding="utf-8") as fh:
        return json.load(fh)
