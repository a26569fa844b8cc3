"""Settings: defaults < config file (TOML) < SMALLOPS_* environment < command-line flags.

The layers are pydantic-settings' sources (the TOML file's, the environment's, the flags' as init
values), merged in that order by pydantic-settings and validated once; the environment's values
are typed by the field (`off` is False for a bool, a number for an int), and `pass_env` takes a
comma-separated list. The config file lives in platformdirs' config dir (`smallops config path`).
A bad value is one sentence naming where it came from (the file, the environment, the command
line), the field and the reason, never a traceback.

Settings are written back (a theme picked in the palette, the settings screen) through tomlkit,
which keeps the file's comments and quoting.
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings, EnvSettingsSource, InitSettingsSource, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict,
    SettingsError, TomlConfigSettingsSource,
)

from pydantic_core import PydanticCustomError

from .backend_names import AUTO, choices as backend_choices
from .lever_names import DEFAULT_NAME, parse_levers
from .vocabulary_names import DEFAULT as DEFAULT_VOCABULARY, names as vocabulary_names
from .paths import config_file

ENV_PREFIX = "SMALLOPS_"
CONFIG_LIMIT = 1 << 20  # a config file is a few hundred bytes; a file past this is not one


class ConfigError(ValueError):
    """A setting that cannot be used, with a sentence saying which and why."""


def _one_of(value: str, known: list[str]) -> str:
    """`value` if it is one of `known` (a registry's names), else the error pydantic gives a literal."""
    if value not in known:
        expected = ", ".join(repr(name) for name in known[:-1]) + f" or {known[-1]!r}"
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
    return value


class Settings(BaseSettings):
    """Every setting, its type, default and bounds. `Settings(...)` is exactly the values given
    (the defaults for the rest); `load_settings` layers the file, the environment and the flags."""

    model_config = SettingsConfigDict(extra="forbid", env_prefix=ENV_PREFIX, case_sensitive=False)

    backend: str = AUTO  # `auto` or a backend of the registry (backend_names.py)
    url: str | None = None
    model: str | None = None
    step_cap: int = Field(20, ge=1, le=500)
    theme: str = "smallops-dark"
    constrained: bool = True
    think: bool | Literal["low", "medium", "high"] = True
    vocabulary: str = DEFAULT_VOCABULARY  # a vocabulary of the registry (vocabulary_names.py)
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    num_ctx: int | None = Field(None, ge=256)
    command_timeout: float = Field(30.0, gt=0)
    workspace: str | None = None
    sandbox: Literal["auto", "landlock", "bwrap", "off"] = "auto"  # the OS sandbox for commands
    allow_network: bool = False  # let commands open TCP connections (Landlock ABI >= 4 and bwrap deny it)
    # names/globs passed to commands even if they look secret (SMALLOPS_PASS_ENV: comma-separated, not JSON)
    pass_env: Annotated[list[str], NoDecode] = Field(default_factory=list)
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

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Settings(...) in code and tests means these values and no others; the layers are
        # load_settings's, which names the file and the environment it reads.
        return (init_settings,)

    @field_validator("pass_env", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if isinstance(value, str):  # SMALLOPS_PASS_ENV="AWS_*, MY_TOKEN"
            return [item.strip() for item in value.split(",") if item.strip()]
        return value

    @field_validator("backend")
    @classmethod
    def _backend(cls, value: str) -> str:
        return _one_of(value, backend_choices())

    @field_validator("vocabulary")
    @classmethod
    def _vocabulary(cls, value: str) -> str:
        return _one_of(value, vocabulary_names())

    @field_validator("levers")
    @classmethod
    def _levers(cls, value: str) -> str:
        parse_levers(value)  # ValueError naming the unknown lever and the known ones
        return value

    def lever_names(self) -> tuple[str, ...]:
        return parse_levers(self.levers)

    @field_validator("limit_memory", "limit_file_size", "limit_disk")
    @classmethod
    def _size(cls, value: str, info: ValidationInfo) -> str:
        # (imported here, for start-up: loading the settings does not load the sandbox's module unless a limit is set)
        from .agent.sandbox.confine import bound_too_big, parse_size

        # ValueError with a sentence: pydantic reports it with the field's name
        if (too_big := bound_too_big(str(info.field_name).removeprefix("limit_"), parse_size(value))) is not None:
            raise ValueError(too_big)
        return value

    @field_validator("limit_tasks")
    @classmethod
    def _tasks(cls, value: int) -> int:
        # (imported here, for start-up: loading the settings does not load the sandbox's module unless a limit is set)
        from .agent.sandbox.confine import TASKS_MIN, bound_too_big

        if 0 < value < TASKS_MIN:
            raise ValueError(f"at least {TASKS_MIN} (the smallest pid_max a PID namespace allows), or 0 for no bound")
        if (too_big := bound_too_big("tasks", value)) is not None:
            raise ValueError(too_big)
        return value

    @field_validator("limit_cpu")
    @classmethod
    def _cpu(cls, value: int) -> int:
        # (imported here, for start-up: loading the settings does not load the core unless this is needed)
        from .agent.sandbox.confine import bound_too_big

        if (too_big := bound_too_big("cpu", value)) is not None:
            raise ValueError(too_big)
        return value

    def bounds(self) -> Any:
        """The command bounds these settings name (a confine.Bounds)."""
        # (imported here, for start-up: loading the settings does not load the sandbox's module unless a limit is set)
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


class _Environment(EnvSettingsSource):
    """SMALLOPS_<NAME> from a given environment (the process's, or a test's). `[keymap]` is a
    table of the config file's only, never one variable's."""

    def __init__(self, settings_cls: type[BaseSettings], environ: Mapping[str, str]) -> None:
        self._environ = environ
        super().__init__(settings_cls)

    def _load_env_vars(self) -> Mapping[str, str | None]:
        # Names are matched without regard to case (case_sensitive=False lowers them); an empty
        # variable is as good as unset, as it was before pydantic-settings.
        return {name.lower(): value for name, value in self._environ.items() if value != ""}

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        if field_name == "keymap":
            return None, field_name, False
        return super().get_field_value(field, field_name)


class _ConfigFile(TomlConfigSettingsSource):
    """The config file, or a sentence saying why it cannot be read (a FIFO or a device there is
    refused, never waited on)."""

    def _read_file(self, file_path: Any) -> dict[str, Any]:
        # (imported here, for start-up: loading the settings does not load the core unless this is needed)
        from .agent.regular_files import read_regular_text

        return tomllib.loads(read_regular_text(file_path, CONFIG_LIMIT))

    def __init__(self, settings_cls: type[BaseSettings], path: Path) -> None:
        # (imported here, for start-up: loading the settings does not load the core unless this is needed)
        from .agent.regular_files import kind_of

        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG  # absent (the defaults) or unreadable (said below, when it is read)
        if not stat.S_ISREG(mode):
            raise ConfigError(f"the config file {path} is {kind_of(mode)}, not a regular file: it was not read")
        try:
            super().__init__(settings_cls, toml_file=path)
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path} is not valid TOML: {exc}") from None
        except OSError as exc:
            raise ConfigError(f"the config file {path} cannot be read ({exc})") from None


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
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    flags = InitSettingsSource(Settings, given)
    try:
        environment = _Environment(Settings, os.environ if environ is None else environ)
        from_environment = environment()
    except SettingsError as exc:
        raise ConfigError(f"environment (SMALLOPS_*): {exc}") from None
    file = _ConfigFile(Settings, path)
    from_file = file()
    # Each layer, highest first, by the names a sentence gives it (pydantic-settings merges them in this order).
    layers = [("command line", given), ("environment (SMALLOPS_*)", from_environment), (str(path), from_file)]
    try:
        settings = Settings(_build_sources=((flags, environment, file), given))
    except ValidationError as err:
        field = str(err.errors()[0]["loc"][0]) if err.errors()[0]["loc"] else ""
        where = next((name for name, values in layers if field in values), str(path))
        raise ConfigError(_describe(err, where)) from None
    sources = dict.fromkeys(from_file, "config file")
    sources.update({name: ENV_PREFIX + name.upper() for name in from_environment})
    sources.update(dict.fromkeys(given, "command line"))
    return settings, sources


SettingValue = str | bool | int | float | None


def save_setting(name: str, value: SettingValue, path: Path | None = None) -> None:
    """Persist one setting (see save_settings)."""
    save_settings({name: value}, path)


def save_settings(values: Mapping[str, SettingValue], path: Path | None = None) -> None:
    """Persist settings in one write, keeping the rest of the file as the person wrote it: its
    comments (a setting's own trailing one too), its order, its tables, and a setting's quoting
    where the new value allows it (tomlkit edits the document; a value is written escaped, so a
    theme named `my "best"` cannot break the file). None takes the setting out of the file (TOML
    has no null: the default applies again). A file that is not TOML is left untouched (ConfigError)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import String, StringType

    # (imported here, for start-up: loading the settings does not load the core unless this is needed)
    from .agent.regular_files import read_regular_text

    path = path or config_file()
    names = ", ".join(values)
    try:
        text = read_regular_text(path, CONFIG_LIMIT) if path.exists() else ""
        document = tomlkit.parse(text)
    except (TOMLKitError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML ({exc}); {names} was not saved") from None
    except OSError as exc:
        raise ConfigError(f"the config file {path} cannot be read ({exc.strerror or exc}); {names} was not saved") from None
    for name, value in values.items():
        old = document.get(name)
        literal = isinstance(old, String) and old.type in (StringType.SLL, StringType.MLL)
        if value is None:
            document.pop(name, None)
        elif isinstance(value, str) and literal and "'" not in value and value.isprintable():
            document[name] = tomlkit.string(value, literal=True)  # 'as they wrote it' (no escapes needed)
        else:
            document[name] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(tomlkit.dumps(document), encoding="utf-8")
    os.replace(tmp, path)
