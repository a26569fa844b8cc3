"""Small filesystem helpers."""
import tomllib
from pathlib import Path

CONFIG_NAME = "deploy.toml"


def find_project_root(start="."):
    """Walk up from *start* to the first folder that contains deploy.toml."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_NAME).is_file():
            return folder
    raise FileNotFoundError(f"no {CONFIG_NAME} found above {here}")


def read_config_file(folder):
    with open(Path(folder) / CONFIG_NAME, "rb") as fh:
        return tomllib.load(fh)
