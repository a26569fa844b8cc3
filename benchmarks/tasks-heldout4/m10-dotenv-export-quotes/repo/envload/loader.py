import os

from .parser import parse_env


def load_env(path=".env", override=False, environ=None):
    """Load variables from `path` into `environ` (default os.environ).

    Returns the dict of values read from the file.
    """
    environ = os.environ if environ is None else environ
    try:
        with open(path, encoding="utf-8") as fh:
            values = parse_env(fh.read())
    except FileNotFoundError:
        return {}
    for key, value in values.items():
        if override or key not in environ:
            environ[key] = value
    return values
