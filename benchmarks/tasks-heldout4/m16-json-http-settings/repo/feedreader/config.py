"""Load settings: packaged defaults merged with an optional user file."""
import json
import os
from dataclasses import dataclass
from typing import List

_HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULTS_PATH = os.path.join(os.path.dirname(_HERE), "config", "defaults.json")
USER_PATH = os.path.expanduser("~/.config/feedreader.json")


@dataclass
class HttpSettings:
    timeout: float
    user_agent: str
    verify_tls: bool


@dataclass
class FeedSettings:
    refresh_minutes: int
    max_items_per_feed: int
    urls: List[str]


@dataclass
class StorageSettings:
    path: str


@dataclass
class Settings:
    http: HttpSettings
    feeds: FeedSettings
    storage: StorageSettings


def _merge(base, override):
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def load_settings(user_path=USER_PATH, defaults_path=DEFAULTS_PATH):
    with open(defaults_path, encoding="utf-8") as fh:
        data = json.load(fh)
    if user_path and os.path.exists(user_path):
        with open(user_path, encoding="utf-8") as fh:
            data = _merge(data, json.load(fh))
    return Settings(
        http=HttpSettings(**data["http"]),
        feeds=FeedSettings(**data["feeds"]),
        storage=StorageSettings(**data["storage"]),
    )
