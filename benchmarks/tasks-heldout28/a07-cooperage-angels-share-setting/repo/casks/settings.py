"""Warehouse settings, read from settings.json in the working folder."""
import json

DEFAULTS = {
    "warehouse": "Warehouse",
    "litres_dp": 1,
}


def load_settings(path="settings.json"):
    """DEFAULTS updated with whatever settings.json holds (missing file: just DEFAULTS)."""
    settings = dict(DEFAULTS)
    try:
        with open(path, encoding="utf-8") as f:
            settings.update(json.load(f))
    except FileNotFoundError:
        pass
    return check_settings(settings)


def check_settings(settings):
    """The settings, or ValueError if one has the wrong type."""
    dp = settings.get("litres_dp")
    if not isinstance(dp, int) or isinstance(dp, bool) or dp < 0:
        raise ValueError("litres_dp must be a whole number of decimal places, not %r" % (dp,))
    return settings
