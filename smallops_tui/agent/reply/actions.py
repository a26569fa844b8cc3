"""The vocabularies as the model sees them: the JSON schema for constrained decoding, the one-line
descriptions in the prompt, and validation of a logged or edited action. The kinds and the
vocabularies themselves are the registry's (kinds/__init__.py).
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

import annotated_types

from ..log.json_value import JsonObject
from .kinds import VOCABULARIES, Action, ActionKind, Done, EditAction, ListDir, ReadFile, RunCommand, path_problem

# Done, ListDir, ReadFile, RunCommand and path_problem: as the risk wing imports them from here.
__all__ = ["EDIT_TYPES", "Action", "ActionSchema", "Done", "FieldSchema", "ListDir", "ReadFile", "RunCommand",
           "Vocabulary", "VocabularySchema", "action_fields", "describe_vocabulary", "path_problem",
           "validate_action", "vocabulary", "vocabulary_schema"]

EDIT_TYPES: tuple[type[EditAction]] = (EditAction,)  # for isinstance: narrows an Action to an edit

Vocabulary = dict[str, type[ActionKind]]  # an action's name -> its model


def vocabulary(name: str) -> Vocabulary:
    """Map of action name to model for a vocabulary; raises ValueError for an unknown name."""
    try:
        spec = VOCABULARIES[name]
    except KeyError:
        raise ValueError(
            f"unknown vocabulary {name!r}; choose one of: {', '.join(VOCABULARIES)}"
        ) from None
    return {kind.NAME: kind for kind in spec.kinds}


def action_fields(model: type[ActionKind]) -> list[str]:
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


def _field_schema(model: type[ActionKind], field: str) -> FieldSchema:
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
