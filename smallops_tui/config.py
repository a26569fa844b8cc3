"""Settings: defaults < config file (TOML) < SMALLOPS_* environment < command-line flags.

The config file lives in platformdirs' config dir (`smallops config path`); a bad file is
reported with the field and the reason, never a traceback. Only the theme is written back
(when the person picks one), through tomlkit, which keeps the file's comments and quoting.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .lever_names import DEFAULT_NAME, parse_levers
from .paths import config_file

BackendName = Literal["auto", "ollama", "openai", "embedded"]
ENV_PREFIX = "SMALLOPS_"


class ConfigError(ValueError):
    """A setting that cannot be used, with a sentence saying which and why."""


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    backend: BackendName = "auto"
    url: str | None = None
    model: str | None = None
    step_cap: int = Field(20, ge=1, le=500)
    theme: str = "smallops-dark"
    constrained: bool = True
    think: bool | Literal["low", "medium", "high"] = True
    vocabulary: Literal["seed", "extended", "edit"] = "seed"
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    num_ctx: int | None = Field(None, ge=256)
    command_timeout: float = Field(30.0, gt=0)
    workspace: str | None = None
    sandbox: Literal["auto", "landlock", "bwrap", "off"] = "auto"  # the OS sandbox for commands
    allow_network: bool = False  # let commands open TCP connections (Landlock ABI >= 4 and bwrap deny it)
    pass_env: list[str] = Field(default_factory=list)  # names/globs passed to commands even if they look secret
    # The bounds each command runs under (agent/sandbox/limits.py); 0 turns one off. Sizes: 512M, 4G, ...
    limit_tasks: int = Field(512, ge=0)  # processes and threads at once (at least 300, or 0)
    limit_memory: str = "4G"  # resident memory of the whole command
    limit_file_size: str = "1G"  # any one file it writes
    limit_disk: str = "4G"  # bytes it writes to disk in all
    limit_cpu: int = Field(300, ge=0)  # seconds of CPU time in all
    approval: Literal["manual", "auto-low"] = "manual"  # the approval mode a session starts in (`a` cycles it)
    think_budget: int | None = Field(None, ge=1)  # reasoning tokens a turn may stream before it is cut
    context: int | None = Field(None, ge=256)  # the model's context window in tokens, over what discovery finds
    context_rule: Literal["off", "drop-oldest"] = "off"  # what to do with older turns near the window's end
    keep_turns: int = Field(3, ge=0, le=100)  # turns the drop-oldest rule always keeps
    # The signal when the app waits for a key (ui/attention.py): the terminal's title says what it
    # waits for; with the terminal out of focus, the bell and a desktop notification call the person.
    terminal_title: bool = True
    bell: bool = True
    notify: bool = True
    # [keymap]: a binding's id and the person's keys for it (ui/keymap.py checks it before the app starts).
    keymap: dict[str, str] = Field(default_factory=dict)
    levers: str = DEFAULT_NAME  # harness levers: comma-separated names, "default", "all" or "none" (lever_names.py)

    @field_validator("levers")
    @classmethod
    def _levers(cls, value: str) -> str:
        parse_levers(value)  # ValueError naming the unknown lever and the known ones
        return value

    def lever_names(self) -> tuple[str, ...]:
        return parse_levers(self.levers)

    @field_validator("limit_memory", "limit_file_size", "limit_disk")
    @classmethod
    def _size(cls, value: str) -> str:
        from .agent.sandbox.confine import parse_size

        parse_size(value)  # ValueError with a sentence: pydantic reports it with the field's name
        return value

    @field_validator("limit_tasks")
    @classmethod
    def _tasks(cls, value: int) -> int:
        from .agent.sandbox.confine import TASKS_MIN

        if 0 < value < TASKS_MIN:
            raise ValueError(f"at least {TASKS_MIN} (the smallest pid_max a PID namespace allows), or 0 for no bound")
        return value

    def bounds(self) -> Any:
        """The command bounds these settings name (a confine.Bounds)."""
        from .agent.sandbox.confine import Bounds, parse_size

        return Bounds(tasks=self.limit_tasks, memory=parse_size(self.limit_memory),
                      file_size=parse_size(self.limit_file_size), disk=parse_size(self.limit_disk), cpu=self.limit_cpu)

    @field_validator("url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        # `host:port` means http://host:port; a file (the embedded backend's GGUF) stays a path.
        if value and "://" not in value and not looks_like_file(value):
            value = "http://" + value
        return value


def looks_like_file(value: str) -> bool:
    """`--url` naming a GGUF file for the embedded backend, not a server."""
    return value.startswith(("/", "./", "../", "~")) or value.lower().endswith(".gguf")


def _parse_env_value(name: str, raw: str) -> Any:
    field = Settings.model_fields[name]
    annotation = str(field.annotation)
    lowered = raw.strip().lower()
    if "bool" in annotation and lowered in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        return lowered in ("1", "true", "yes", "on")
    if annotation.startswith("list"):
        return [item.strip() for item in raw.split(",") if item.strip()]
    return raw


def _describe(err: ValidationError, where: str) -> str:
    first = err.errors()[0]
    loc = ".".join(str(p) for p in first["loc"]) or "(file)"
    if first["type"] == "extra_forbidden":
        return f"{where}: unknown setting {loc!r}; known settings: {', '.join(Settings.model_fields)}"
    return f"{where}: {loc}: {first['msg']}"


def load_settings(overrides: dict[str, Any] | None = None, path: Path | None = None,
                  environ: Mapping[str, str] | None = None) -> Settings:
    """Merge the layers; raise ConfigError with a sentence for anything unusable."""
    return settings_with_sources(overrides, path, environ)[0]


def settings_with_sources(overrides: dict[str, Any] | None = None, path: Path | None = None,
                          environ: Mapping[str, str] | None = None) -> tuple[Settings, dict[str, str]]:
    """The merged settings, and where each one that is not the default came from: "config file",
    "SMALLOPS_<NAME>" or "command line" (`smallops config` shows them)."""
    path = path or config_file()
    env: Mapping[str, str] = os.environ if environ is None else environ
    data: dict[str, Any] = {}
    sources: dict[str, str] = {}
    if path.exists():
        try:
            data.update(tomllib.loads(path.read_text(encoding="utf-8")))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path} is not valid TOML: {exc}") from None
        except OSError as exc:
            raise ConfigError(f"the config file {path} cannot be read ({exc.strerror or exc})") from None
        try:
            Settings.model_validate(data)
        except ValidationError as err:
            raise ConfigError(_describe(err, str(path))) from None
        sources.update(dict.fromkeys(data, "config file"))
    for name in Settings.model_fields:
        if name == "keymap":
            continue  # a table: the config file's, not one variable's
        raw = env.get(ENV_PREFIX + name.upper())
        if raw is not None and raw != "":
            data[name] = _parse_env_value(name, raw)
            sources[name] = ENV_PREFIX + name.upper()
    try:
        Settings.model_validate(data)
    except ValidationError as err:
        raise ConfigError(_describe(err, "environment (SMALLOPS_*)")) from None
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    data.update(given)
    sources.update(dict.fromkeys(given, "command line"))
    try:
        return Settings.model_validate(data), sources
    except ValidationError as err:
        raise ConfigError(_describe(err, "command line")) from None


def save_setting(name: str, value: str | bool | int, path: Path | None = None) -> None:
    """Persist one setting, keeping the rest of the file as the person wrote it: its comments (the
    setting's own trailing one too), its order, its tables, and the setting's quoting where the new
    value allows it (tomlkit edits the document; the value is written escaped, so a theme named
    `my "best"` cannot break the file). A file that is not TOML is left untouched (ConfigError)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import String, StringType

    path = path or config_file()
    try:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        document = tomlkit.parse(text)
    except (TOMLKitError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML ({exc}); {name} was not saved") from None
    except OSError as exc:
        raise ConfigError(f"the config file {path} cannot be read ({exc.strerror or exc}); {name} was not saved") from None
    old = document.get(name)
    literal = isinstance(old, String) and old.type in (StringType.SLL, StringType.MLL)
    if isinstance(value, str) and literal and "'" not in value and value.isprintable():
        document[name] = tomlkit.string(value, literal=True)  # 'as they wrote it' (no escapes needed)
    else:
        document[name] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(tomlkit.dumps(document), encoding="utf-8")
    os.replace(tmp, path)
