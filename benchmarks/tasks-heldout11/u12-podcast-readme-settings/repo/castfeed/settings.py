"""Feed settings: the [feed] section of castfeed.ini over these defaults."""

import configparser

DEFAULTS = {
    "title": "Untitled podcast",
    "language": "en",
    "base_url": "http://localhost:8000",
    "max_episodes": 100,
    "artwork_size": 1400,
    "episode_order": "newest",
}
ORDERS = ("newest", "oldest")


def load_settings(path=None):
    """Defaults, overridden by whatever castfeed.ini sets; unknown keys are errors."""
    settings = dict(DEFAULTS)
    if path is None:
        return settings
    parser = configparser.ConfigParser()
    if not parser.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    if not parser.has_section("feed"):
        return settings
    for key, value in parser.items("feed"):
        if key not in DEFAULTS:
            raise ValueError("unknown setting %r in %s" % (key, path))
        settings[key] = int(value) if isinstance(DEFAULTS[key], int) else value.strip()
    if settings["episode_order"] not in ORDERS:
        raise ValueError("episode_order must be one of %s" % ", ".join(ORDERS))
    if settings["max_episodes"] < 1 or settings["artwork_size"] < 1:
        raise ValueError("max_episodes and artwork_size must be positive")
    return settings
