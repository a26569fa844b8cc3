"""Mailer settings, read from a JSON file.

Any setting missing from the file takes its value from DEFAULTS; a key the
mailer does not know is an error, so that typos do not go unnoticed.
"""
import json

DEFAULTS = {
    "from_address": "magazine@staldhelms.example",
    "subject_prefix": "[Parish News]",
    "batch_size": 50,
}


def load_settings(path):
    """DEFAULTS updated with the settings in the JSON file at `path`."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise ValueError("%s: settings must be a JSON object" % path)
    unknown = sorted(set(data) - set(DEFAULTS))
    if unknown:
        raise ValueError("%s: unknown settings %s" % (path, ", ".join(unknown)))
    settings = dict(DEFAULTS)
    settings.update(data)
    return settings
