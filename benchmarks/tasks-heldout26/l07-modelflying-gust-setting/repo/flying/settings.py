"""The club's field settings, read from field.toml.

    [field]
    name = "Bramley top field"
    runway_heading = 250      # degrees

    [limits]
    max_crosswind_mph = 12
"""
import tomllib


def load_settings(path="field.toml"):
    """Settings as a dict, with defaults for anything missing."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    field = data.get("field", {})
    limits = data.get("limits", {})
    return {
        "name": field.get("name", "the field"),
        "runway_heading": int(field.get("runway_heading", 270)),
        "max_crosswind_mph": limits.get("max_crosswind_mph", 10),
    }
