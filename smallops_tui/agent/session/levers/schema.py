"""What the model may say, turn by turn, and for how long: the per-turn schema (`paths`, `fresh`,
a turn without an action after the harness answered it) and the request options (`cap`, `plan`)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from ...files.workspace import Workspace
from ...reply.actions import ActionSchema, FieldSchema, VocabularySchema, vocabulary_schema

ENUM_LIMIT = 200  # beyond this many files, read_file takes any string (the grammar would be huge)
CAP_FLOOR, CAP_CEILING = 160, 1024
CHARS_PER_TOKEN = 3  # conservative for code and prose in these tokenizers: a cap errs on the roomy side
NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"
PLAN_CHARS = 400  # the plan's room, in characters (about 100 tokens)
PLAN_TOKENS = 140  # what the cap allows for it


def _directories(files: Iterable[str]) -> list[str]:
    dirs = {"."}
    for f in files:
        parent = posixpath.dirname(f)
        while parent:
            dirs.add(parent)
            parent = posixpath.dirname(parent)
    return sorted(dirs)


def _fresh(schema: VocabularySchema, files: list[str], dirs: list[str], done_reads: frozenset[str],
           done_lists: frozenset[str]) -> None:
    kept: list[ActionSchema] = []
    for alternative in schema["oneOf"]:
        properties = alternative["properties"]
        action = properties["action"]["const"]
        choices = [f for f in files if f not in done_reads] if action == "read_file" else \
            [d for d in dirs if d not in done_lists] if action == "list_dir" else None
        if choices is not None:
            if not choices:
                continue
            properties["path"] = {"type": "string", "enum": choices}
        kept.append(alternative)
    schema["oneOf"] = kept


def _narrow(schema: VocabularySchema, files: list[str], dirs: list[str]) -> None:
    prefixes = "|".join(re.escape(d + "/") for d in dirs if d != ".")
    new_name: FieldSchema = {"type": "string", "pattern": f"^({prefixes})?{NAME}$" if prefixes else f"^{NAME}$"}
    existing: FieldSchema | None = {"type": "string", "enum": files} if files and len(files) <= ENUM_LIMIT else None
    for alternative in schema["oneOf"]:
        properties = alternative["properties"]
        if "path" not in properties or "enum" in properties["path"]:
            continue  # no path, or already narrowed to what has not been read or listed yet
        action = properties["action"]["const"]
        if action == "list_dir":
            properties["path"] = {"type": "string", "enum": dirs}
        elif action == "write_file":
            properties["path"] = {"anyOf": [existing, new_name]} if existing else new_name
        elif existing is not None:
            properties["path"] = existing


def paths_schema(vocabulary_name: str, workspace: Workspace, narrow: bool = True, fresh: bool = False,
                 done_reads: frozenset[str] = frozenset(), done_lists: frozenset[str] = frozenset()) -> VocabularySchema:
    """The vocabulary's schema with each `path` narrowed to what exists now (`narrow`): reads and
    line edits an existing file, list_dir an existing directory, write_file an existing file or a
    new name in an existing directory. `fresh`: read_file and list_dir name an existing path not
    in `done_reads`/`done_lists`; an action with nothing left to name is left out entirely."""
    schema = vocabulary_schema(vocabulary_name)
    files = workspace.walk_files()
    dirs = _directories(files)
    if fresh:
        _fresh(schema, files, dirs, done_reads, done_lists)
    if narrow:
        _narrow(schema, files, dirs)
    return schema


def without(schema: VocabularySchema, actions: Iterable[str]) -> VocabularySchema:
    """The schema with these actions left out (all of it stays if nothing else would)."""
    names = set(actions)
    kept = [a for a in schema["oneOf"] if a["properties"]["action"]["const"] not in names]
    return {**schema, "oneOf": kept or schema["oneOf"]}


def task_cap(workspace: Workspace) -> int:
    """Answer tokens for one action: room to write back the largest file whole, plus the JSON."""
    largest = 0
    for rel in workspace.walk_files():
        try:
            largest = max(largest, workspace.resolve(rel).stat().st_size)
        except OSError:
            continue
    return max(CAP_FLOOR, min(CAP_CEILING, 2 * largest // CHARS_PER_TOKEN + 96))


def chat_options(levers: tuple[str, ...], workspace: Workspace,
                 base: dict[str, object] | None = None) -> dict[str, object]:
    """The request options over `base`: the cap lever sets the answer tokens per action, the plan
    lever the characters of plan the grammar allows."""
    options = dict(base or {})
    if "cap" in levers:
        options["num_predict"] = task_cap(workspace) + (PLAN_TOKENS if "plan" in levers else 0)
    if "plan" in levers:
        options["plan"] = PLAN_CHARS
    return options
