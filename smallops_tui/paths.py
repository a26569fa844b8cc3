"""Where smallops keeps its files: platformdirs' config and data dirs, overridable by env.

SMALLOPS_CONFIG_DIR and SMALLOPS_DATA_DIR move them (tests and portable installs use this);
SMALLOPS_MODELS_DIR moves only the assembled embedded models (1.1 GB), so several data dirs (or
users, or test runs) can share one copy.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP_NAME = "smallops-tui"


# Folders shipped with the app. Their source is at the top of the repository (themes/,
# fixtures/tasks/); a wheel carries them inside the package, under _data/ (pyproject.toml maps
# them in), and an editable install or a checkout reads them where they are.
SHIPPED_SOURCES = {"themes": "themes", "tasks": "fixtures/tasks", "hosts": "fixtures/hosts"}


def shipped_dir(name: str) -> Path:
    packaged = Path(__file__).resolve().parent / "_data" / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[1] / SHIPPED_SOURCES[name]


def config_dir() -> Path:
    return Path(os.environ.get("SMALLOPS_CONFIG_DIR") or user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(os.environ.get("SMALLOPS_DATA_DIR") or user_data_dir(APP_NAME))


def models_dir() -> Path:
    return Path(os.environ.get("SMALLOPS_MODELS_DIR") or data_dir() / "models")


def config_file() -> Path:
    return config_dir() / "config.toml"


def sessions_dir() -> Path:
    return data_dir() / "sessions"


def first_free(candidate: Callable[[str], Path]) -> Path:
    """The first of candidate(""), candidate("-2"), candidate("-3"), ... that does not exist yet."""
    path, n = candidate(""), 1
    while path.exists():
        n += 1
        path = candidate(f"-{n}")
    return path


def own_dirs_inside(root: Path) -> str:
    """Which of the app's own folders (settings, session logs) lie inside `root`, in words, or ''.
    A workspace must hold none: a command the model runs there could change them."""
    inside = []
    for what, directory in (("settings", config_dir()), ("session logs", data_dir())):
        resolved = directory.resolve()
        if resolved == root or root in resolved.parents:
            inside.append(f"{what} ({directory})")
    return " and ".join(inside)
