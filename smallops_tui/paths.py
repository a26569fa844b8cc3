"""Where smallops keeps its files: platformdirs' config and data dirs, overridable by env.

SMALLOPS_CONFIG_DIR and SMALLOPS_DATA_DIR move them (tests and portable installs use this).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP_NAME = "smallops-tui"


def config_dir() -> Path:
    return Path(os.environ.get("SMALLOPS_CONFIG_DIR") or user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(os.environ.get("SMALLOPS_DATA_DIR") or user_data_dir(APP_NAME))


def config_file() -> Path:
    return config_dir() / "config.toml"


def sessions_dir() -> Path:
    return data_dir() / "sessions"
