"""Settings, taken from environment variables."""
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    backup_dir: str
    keep_daily: int
    keep_weekly: int
    prefix: str
    dry_run: bool


def _flag(value):
    return value.strip().lower() in ("1", "true", "yes", "on")


def load_settings(env=None):
    """Build Settings from env (default: os.environ)."""
    env = os.environ if env is None else env
    return Settings(
        backup_dir=env.get("PGROTATE_DIR", "/var/backups/postgres"),
        keep_daily=int(env.get("PGROTATE_KEEP_DAILY", "7")),
        keep_weekly=int(env.get("PGROTATE_KEEP_WEEKLY", "4")),
        prefix=env.get("PGROTATE_PREFIX", "db-"),
        dry_run=_flag(env.get("PGROTATE_DRY_RUN", "no")),
    )
