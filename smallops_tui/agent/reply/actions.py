"""The action vocabulary a model may use, as pydantic models, and its JSON schema.

The seed vocabulary is exactly the five actions of the seed benchmark. The extended
vocabulary adds two narrow line-edit primitives so a small model need not retype a
whole file to change one line (the seed report's proposed fix for destructive rewrites).
The edit vocabulary adds instead one text edit, `replace_text` (replace the one place some
exact text occurs): what models that abandon the schema invent (`edit_file`), and what needs
no line numbers, which a 1.5B model miscounts.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, cast, Literal, TypedDict, Union

import annotated_types

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from ..log.json_value import JsonObject

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


class _Action(BaseModel):
    # Unknown fields are a parse failure (or a visible repair), never silently kept.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    def to_json(self) -> JsonObject:
        """The action as the model would write it, `action` first."""
        return self.model_dump(mode="json")

    @property
    def target_path(self) -> str | None:
        """The workspace path this action reads or changes, if it has one."""
        return getattr(self, "path", None)


class ReadFile(_Action):
    action: Literal["read_file"] = "read_file"
    path: ActionPath


class WriteFile(_Action):
    action: Literal["write_file"] = "write_file"
    path: ActionPath
    content: str


class ListDir(_Action):
    action: Literal["list_dir"] = "list_dir"
    path: ActionPath


class RunCommand(_Action):
    action: Literal["run_command"] = "run_command"
    command: str


class Done(_Action):
    action: Literal["done"] = "done"
    summary: str


class ReplaceLines(_Action):
    """Replace lines start..end (1-based, inclusive) with `content`."""

    action: Literal["replace_lines"] = "replace_lines"
    path: ActionPath
    start: int = Field(ge=1)
    end: int = Field(ge=1)
    content: str


class InsertLines(_Action):
    """Insert `content` after line `after` (0 inserts at the top)."""

    action: Literal["insert_lines"] = "insert_lines"
    path: ActionPath
    after: int = Field(ge=0)
    content: str


class ReplaceText(_Action):
    """Replace the one place `old` occurs in the file (exactly, once) with `new`."""

    action: Literal["replace_text"] = "replace_text"
    path: str
    old: str
    new: str


Action = Union[ReadFile, WriteFile, ListDir, RunCommand, Done, ReplaceLines, InsertLines, ReplaceText]
EditAction = WriteFile | ReplaceLines | InsertLines | ReplaceText  # what changes a file
# The same as a tuple for isinstance (typed so that mypy narrows an Action to an EditAction).
EDIT_TYPES: tuple[type[WriteFile], type[ReplaceLines], type[InsertLines], type[ReplaceText]] = (
    WriteFile, ReplaceLines, InsertLines, ReplaceText)
EDIT_ACTIONS: tuple[str, ...] = ("write_file", "replace_lines", "insert_lines", "replace_text")

SEED_ACTIONS: tuple[type[_Action], ...] = (ReadFile, WriteFile, ListDir, RunCommand, Done)
EXTENDED_ACTIONS: tuple[type[_Action], ...] = SEED_ACTIONS + (ReplaceLines, InsertLines)
EDIT_VOCABULARY_ACTIONS: tuple[type[_Action], ...] = SEED_ACTIONS + (ReplaceText,)

VOCABULARIES: dict[str, tuple[type[_Action], ...]] = {
    "seed": SEED_ACTIONS,
    "extended": EXTENDED_ACTIONS,
    "edit": EDIT_VOCABULARY_ACTIONS,
}


def action_name(model: type[_Action]) -> str:
    return str(model.model_fields["action"].default)


Vocabulary = dict[str, type[_Action]]  # an action's name -> its model


def vocabulary(name: str) -> Vocabulary:
    """Map of action name to model for a vocabulary; raises ValueError for an unknown name."""
    try:
        models = VOCABULARIES[name]
    except KeyError:
        raise ValueError(
            f"unknown vocabulary {name!r}; choose one of: {', '.join(VOCABULARIES)}"
        ) from None
    return {action_name(m): m for m in models}


def action_fields(model: type[_Action]) -> list[str]:
    """Argument names of an action, in declaration order, without `action` itself."""
    return [f for f in model.model_fields if f != "action"]


class FieldSchema(TypedDict, total=False):
    """One argument's JSON schema, as the grammar converters read it (the levers narrow `path`)."""

    type: str
    const: str
    minimum: int
    enum: list[str]
    pattern: str
    anyOf: list[FieldSchema]


class ActionSchema(TypedDict):
    """One action of the vocabulary: an object with exactly its fields, `action` first."""

    type: Literal["object"]
    properties: dict[str, FieldSchema]
    required: list[str]
    additionalProperties: bool


class VocabularySchema(TypedDict):
    title: str
    type: Literal["object"]
    oneOf: list[ActionSchema]


def _field_schema(model: type[_Action], field: str) -> FieldSchema:
    info = model.model_fields[field]
    if info.annotation is int:
        schema: FieldSchema = {"type": "integer"}
        for meta in info.metadata:
            if isinstance(meta, annotated_types.Ge) and isinstance(meta.ge, int):
                schema["minimum"] = meta.ge
        return schema
    return {"type": "string"}


def validate_action(data: JsonObject, vocabulary_name: str) -> Action | None:
    """`data` as an action of the vocabulary; None when it names none, ValueError when it is not valid."""
    model = vocabulary(vocabulary_name).get(str(data.get("action")))
    # Every model of a vocabulary is one of the Action union's members.
    return cast(Action, model.model_validate(data)) if model is not None else None


def vocabulary_schema(name: str = "seed") -> VocabularySchema:
    """JSON schema for constrained decoding: one object, discriminated by `action`.

    Written out inline (no `$ref`) because grammar converters on the servers (llama.cpp's
    json-schema-to-grammar, which Ollama also uses) handle plain `oneOf` of objects most
    reliably, and `action` comes first so the model commits to an action before arguments.
    """
    alternatives: list[ActionSchema] = []
    for action, model in vocabulary(name).items():
        fields = action_fields(model)
        properties: dict[str, FieldSchema] = {"action": {"type": "string", "const": action}}
        properties.update({f: _field_schema(model, f) for f in fields})
        alternatives.append(
            {
                "type": "object",
                "properties": properties,
                "required": ["action", *fields],
                "additionalProperties": False,
            }
        )
    return {"title": f"smallops {name} action", "type": "object", "oneOf": alternatives}


def describe_vocabulary(name: str = "seed") -> str:
    """One line per action, as shown in the system prompt and in failure feedback."""
    lines = []
    for action, model in vocabulary(name).items():
        args = ", ".join(f'"{f}": ...' for f in action_fields(model))
        lines.append(f'{{"action": "{action}", {args}}}')
    return "\n".join(lines)
