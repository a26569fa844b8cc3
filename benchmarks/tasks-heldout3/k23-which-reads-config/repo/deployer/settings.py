"""Turn the raw config into per-target settings."""
from .files import find_project_root, read_config_file

REQUIRED = ("host", "user", "path")


def parse_settings(raw):
    defaults = raw.get("defaults", {})
    targets = {}
    for name, values in raw.get("targets", {}).items():
        merged = {**defaults, **values}
        missing = [key for key in REQUIRED if key not in merged]
        if missing:
            raise ValueError(f"target {name!r} is missing {', '.join(missing)}")
        targets[name] = merged
    return targets


def load_settings(start="."):
    root = find_project_root(start)
    return parse_settings(read_config_file(root))
