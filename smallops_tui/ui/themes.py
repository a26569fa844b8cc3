"""Themes: shipped TOML files in themes/, plus the person's own in the config dir.

Each file is validated with pydantic and becomes a Textual `Theme`; app colours (risk levels,
diff lines, reasoning, the pygments style for code) are theme variables, so every widget
follows the theme. A bad user file is reported and skipped, never fatal.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator
from textual.app import App
from textual.color import Color, ColorParseError
from textual.theme import Theme

from ..agent.regular_files import read_regular_text
from ..paths import config_dir, shipped_dir

SHIPPED_DIR = shipped_dir("themes")
THEME_LIMIT = 1 << 20  # a theme is a few hundred bytes; a file past this is not one
REQUIRED_VARIABLES = ("risk-low", "risk-medium", "risk-high", "risk-text", "diff-added", "diff-removed",
                      "diff-added-strong", "diff-removed-strong", "diff-gutter", "reasoning")
NON_COLOUR_VARIABLES = ("code-style",)
THEME_DEFAULTS = {
    "risk-low": "#5fd787", "risk-medium": "#ffd75f", "risk-high": "#ff5f5f", "risk-text": "#000000",
    "diff-added": "#1f3d2a", "diff-removed": "#4a2226", "diff-added-strong": "#2e6b43",
    "diff-removed-strong": "#8a3038", "diff-gutter": "#6c6c6c", "reasoning": "#8a8a8a", "code-style": "monokai",
}


def theme_colours(app: App[Any]) -> dict[str, str]:
    """The app colours (risk, diff, reasoning, code style) of the theme in force."""
    variables = app.get_css_variables()
    return {key: variables.get(key, THEME_DEFAULTS[key]) for key in REQUIRED_VARIABLES + ("code-style",)}


class ThemeFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    dark: bool = True
    primary: str
    secondary: str | None = None
    accent: str | None = None
    warning: str | None = None
    error: str | None = None
    success: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    variables: dict[str, str] = {}

    @field_validator("primary", "secondary", "accent", "warning", "error", "success", "foreground", "background",
                     "surface", "panel")
    @classmethod
    def _colour(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                Color.parse(value)
            except ColorParseError:
                raise ValueError(f"{value!r} is not a colour") from None
        return value

    @field_validator("variables")
    @classmethod
    def _variables(cls, value: dict[str, str]) -> dict[str, str]:
        missing = [v for v in REQUIRED_VARIABLES if v not in value]
        if missing:
            raise ValueError(f"missing app colours: {', '.join(missing)}")
        for key, colour in value.items():
            if key in NON_COLOUR_VARIABLES:
                continue
            try:
                Color.parse(colour)
            except ColorParseError:
                raise ValueError(f"{key} = {colour!r} is not a colour") from None
        return value

    def to_theme(self) -> Theme:
        data = self.model_dump(exclude={"variables"}, exclude_none=True)
        return Theme(**data, variables=dict(self.variables))


@dataclass
class ThemeLoad:
    themes: list[Theme] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def load_theme_file(path: Path) -> Theme:
    try:
        data = tomllib.loads(read_regular_text(path, THEME_LIMIT))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: not readable TOML ({exc})") from None
    try:
        return ThemeFile.model_validate(data).to_theme()
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        raise ValueError(f"{path.name}: {where}: {first['msg']}") from None


def load_themes(user_dir: Path | None = None) -> ThemeLoad:
    """Shipped themes, then user themes (which may override a shipped name)."""
    result = ThemeLoad()
    for directory, is_user in ((SHIPPED_DIR, False), (user_dir or config_dir() / "themes", True)):
        if not directory.is_dir():
            continue
        for path in sorted(directory.glob("*.toml")):
            try:
                result.themes.append(load_theme_file(path))
            except ValueError as exc:
                if not is_user:
                    raise  # a broken shipped theme is a bug, caught by the tests
                result.errors.append(str(exc))
    return result
