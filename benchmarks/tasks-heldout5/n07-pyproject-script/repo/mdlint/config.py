"""Settings from the [tool.mdlint] table of pyproject.toml."""
import tomllib
from pathlib import Path

DEFAULTS = {"max-line-length": 80, "check-trailing-whitespace": True}


def load_config(path="pyproject.toml"):
    """DEFAULTS overlaid with [tool.mdlint] from path, if the file exists."""
    settings = dict(DEFAULTS)
    p = Path(path)
    if p.is_file():
        with p.open("rb") as fh:
            data = tomllib.load(fh)
        settings.update(data.get("tool", {}).get("mdlint", {}))
    return settings
