"""Load settings from config/settings.json (+ optional config/local.json)."""
import json
from pathlib import Path

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"


def _merge(base, extra):
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def load(config_dir=CONFIG_DIR):
    config_dir = Path(config_dir)
    settings = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    local = config_dir / "local.json"
    if local.exists():
        settings = _merge(settings, json.loads(local.read_text(encoding="utf-8")))
    return settings
