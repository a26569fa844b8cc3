"""What every action kind is made of, and the shapes the code outside dispatches on.

A kind is one module of this package (read_file.py, done.py, ...): a pydantic model whose
`action` field is its name, whose other fields are its arguments (the schema is read from them),
and whose class variables say the rest: the made-up names that suggest it, the field names a model
writes for its own, whether text it returns may be made up, the ACP tool kind, its title. The
registry (kinds/__init__.py) is the only list of them.

What needs the workspace (the preview, the risk rules, the guards, the executor) lives in the
wings above and branches with `match` on the five shapes of `Action`: ReadFile, ListDir,
RunCommand, Done, and `EditAction`, the one open family. A new edit kind is one module and one
registry line: it says how it changes a file's text (`edited`), and every edit's preview, risk
rules, guards, diff and executor take it as they are.
"""

from __future__ import annotations

import unicodedata
from abc import abstractmethod
from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict

from ...log.json_value import JsonObject

# Characters a path may not hold: control characters (a newline in a path drew a forged
# `+++ b/main.py` hunk in every view of the diff), line and paragraph separators, and format
# characters (bidi overrides, zero-width spaces: a path that reads as another).
_FORBIDDEN_IN_PATHS = frozenset({"Cc", "Zl", "Zp", "Cf"})


def path_problem(path: str) -> str:
    """Why `path` cannot name a file in a workspace ("" when it can): the characters it holds
    that draw nothing, move the line, or reorder what is drawn."""
    found = sorted({c for c in path if unicodedata.category(c) in _FORBIDDEN_IN_PATHS})
    if not found:
        return ""
    names = ", ".join(f"U+{ord(c):04X}" + (f" {unicodedata.name(c, '')}".rstrip() if ord(c) > 0x9F else
                                           {"\n": " (newline)", "\t": " (tab)", "\r": " (carriage return)",
                                            "\x1b": " (escape)", "\x00": " (NUL)"}.get(c, ""))
                      for c in found[:4])
    return f"a path may not hold control or invisible characters; this one holds {names}"


def _checked_path(path: str) -> str:
    problem = path_problem(path)
    if problem:
        raise ValueError(problem)
    return path


# A path the model names: plain text only (checked wherever an action is made, from a reply, an
# edit, a log or ACP).
ActionPath = Annotated[str, AfterValidator(_checked_path)]

# What a tool call does, in the Agent Client Protocol's words (its ToolKind; the core imports no ACP).
ToolKind = Literal["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "other"]

# The names a model writes for `path` (read as `path` on any kind that has one).
PATH_ALIASES: Mapping[str, str] = {
    "file": "path", "filename": "path", "file_path": "path", "filepath": "path", "file_name": "path",
    "dir": "path", "directory": "path", "folder": "path",
}


class EditError(ValueError):
    """The edit cannot be applied as written (bad line range, missing file, ...)."""


class ActionKind(BaseModel):
    """One action as the model wrote it. Unknown fields are a parse failure (or a visible repair),
    never silently kept."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    action: str  # each kind narrows it to its name (a Literal of it, defaulting to it)

    NAME: ClassVar[str]  # the kind's name (its `action` field's value), set when the class is made
    # What the tool call is to an ACP client.
    tool_kind: ClassVar[ToolKind] = "other"
    # Made-up action names that most likely meant this kind: only ever suggested, never mapped. Where
    # two kinds of a vocabulary claim one, the later kind (an extra beside the seed five) wins.
    suggested_for: ClassVar[frozenset[str]] = frozenset()
    # Field names a model writes for one of this kind's fields (visibly renamed).
    field_aliases: ClassVar[Mapping[str, str]] = {}
    # Its result is text sent back (a file, a listing, output): a `content` or `files` field the
    # model puts on it is a result it made up.
    returns_text: ClassVar[bool] = False
    # An instance's fields in the example workspace (EXAMPLE_FILES), without `action`: what the tests
    # of every front end propose, so a new kind is covered by them without a test of its own.
    example: ClassVar[JsonObject]

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: object) -> None:
        super().__pydantic_init_subclass__()
        name = cls.model_fields["action"].default
        if isinstance(name, str):
            cls.NAME = name

    def to_json(self) -> JsonObject:
        """The action as the model would write it, `action` first."""
        return self.model_dump(mode="json")

    @property
    def target_path(self) -> str | None:
        """The workspace path this action reads or changes, if it has one."""
        return None

    def title(self) -> str:
        """The action named as the model wrote it, for a tool call's title."""
        return self.NAME


# The workspace every kind's `example` is written for.
EXAMPLE_FILES: Mapping[str, str] = {"notes.md": "# Notes\n\nfirst line\nsecond line\n"}


class PathAction(ActionKind):
    """A kind that names one path of the workspace."""

    path: ActionPath
    field_aliases = PATH_ALIASES

    @property
    def target_path(self) -> str | None:
        return self.path

    def title(self) -> str:
        return f"{self.NAME} {self.path}"


class EditAction(PathAction):
    """The family of kinds that change one file's text. The preview (files/edits.py) reads the file,
    asks `edited` for the new text and diffs it; the risk rules, guards, diff pane and executor
    work on that preview, whatever the kind."""

    tool_kind = "edit"
    # It writes the whole file: it may create one, and needs nothing of what is there. The others
    # change part of an existing text file (a missing or binary file is an EditError).
    creates: ClassVar[bool] = False

    @abstractmethod
    def edited(self, before: str, newline: str) -> str:
        """The file's text after the edit. `before` is its text ("" for a file a creating kind makes),
        `newline` its line ending ("\\n", "\\r\\n", or "" when it has no one kind); new lines are
        written with it. EditError, a plain sentence, when the edit cannot apply."""
