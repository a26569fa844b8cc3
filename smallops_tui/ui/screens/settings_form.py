"""What the settings screen edits, apart from drawing it: which settings it offers and how, the
config file's values to start from, a typed text turned into a value, and a change checked the
way loading checks it (the Settings model), so that a value the screen saves is one the next
start accepts. Refusals name the field and the reason, as loading does.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from ...backend_names import AUTO, AUTO_ORDER, choices as backend_choices, entry
from ...config import ENV_PREFIX, Settings, SettingValue, load_settings

Kind = Literal["choice", "switch", "text"]


@dataclass(frozen=True)
class FormField:
    """One setting on the screen: its name in config.toml, its label, and how it is edited."""

    name: str
    label: str
    help: str
    kind: Kind

    @property
    def optional(self) -> bool:
        """Whether an empty text means "not set" (the default, or what discovery finds)."""
        return Settings.model_fields[self.name].default is None


FIELDS = (
    FormField("theme", "theme", "the colours (applies now)", "choice"),
    FormField("approval", "approval mode", "the mode a session starts in (a switches it during one)", "choice"),
    FormField("sandbox", "sandbox", "the OS sandbox approved commands run in", "choice"),
    FormField("backend", "backend", f"{AUTO}: {entry(AUTO_ORDER[0]).title} if it answers, else "
              f"{entry(AUTO_ORDER[-1]).title}", "choice"),
    FormField("url", "server URL", "empty: the backend's usual address ($OLLAMA_HOST for Ollama)", "text"),
    FormField("model", "model", "empty: the first suitable model the server lists", "text"),
    FormField("think_budget", "thinking budget", "reasoning tokens a turn may stream before it is cut; "
              "empty: no budget", "text"),
    FormField("context", "context window", "tokens, over what discovery finds; empty: what the server says",
              "text"),
    FormField("terminal_title", "terminal title", "the title says what the app is doing or waiting for", "switch"),
    FormField("bell", "bell", "ring when the app starts waiting for you while the terminal is out of focus",
              "switch"),
    FormField("notify", "notification", "a desktop notification then, where the terminal shows one", "switch"),
)
BY_NAME = {field.name: field for field in FIELDS}


def choices(name: str, themes: list[str]) -> list[str]:
    """The values a choice offers: the themes the app knows, the registry's backends, or the
    setting's own literals."""
    if name == "theme":
        return themes
    if name == "backend":
        return backend_choices()
    annotation = Settings.model_fields[name].annotation
    return [str(value) for value in typing.get_args(annotation)]


def file_settings(path: Path) -> Settings:
    """The config file's settings over the defaults: what the screen edits (ConfigError when the
    file cannot be used: the screen then does not open, and says why)."""
    return load_settings(path=path, environ={})


def overridden(environ: Mapping[str, str]) -> dict[str, str]:
    """The settings an environment variable replaces, and the variable's name: saving to the file
    changes nothing for them while it is set."""
    names = {key.upper(): key for key, value in environ.items() if value != ""}
    return {field.name: names[ENV_PREFIX + field.name.upper()] for field in FIELDS
            if ENV_PREFIX + field.name.upper() in names}


def from_text(field: FormField, text: str) -> SettingValue:
    """What a typed text means: nothing (for a setting that may be unset) or the text, which the
    model then types (`4096` becomes a number, or is refused)."""
    text = text.strip()
    if field.optional and not text:
        return None
    return text


def shown(value: SettingValue) -> str:
    """A value as the screen's text box holds it."""
    return "" if value is None else str(value)


def checked(current: Settings, changes: Mapping[str, SettingValue]) -> tuple[dict[str, SettingValue], dict[str, str]]:
    """The changes as loading would take them (typed, a URL completed), or, per field, why not:
    `{"context": "context: Input should be greater than or equal to 256"}`."""
    try:
        settings = Settings.model_validate(current.model_dump() | dict(changes))
    except ValidationError as err:
        refusals: dict[str, str] = {}
        for error in err.errors():
            name = str(error["loc"][0]) if error["loc"] else ""
            where = ".".join(str(part) for part in error["loc"])
            refusals.setdefault(name, f"{where}: {error['msg']}")
        return {}, refusals
    values: dict[str, SettingValue] = {}
    for name in changes:
        value = getattr(settings, name)
        values[name] = value if value is None or isinstance(value, (str, bool, int, float)) else str(value)
    return values, {}
