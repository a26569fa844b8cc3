"""What the model may say, turn by turn, and for how long: the per-turn schema (`paths`, `fresh`,
a turn without an action after the harness answered it) and the request options (`cap`, `plan`)."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from ...files.workspace import Workspace
from ...reply.actions import ActionSchema, FieldSchema, VocabularySchema, vocabulary_schema

ENUM_LIMIT = 200  # beyond this many files (or directories), a path takes any string (the grammar would be huge)
CAP_FLOOR, CAP_CEILING = 160, 1024
CHARS_PER_TOKEN = 3  # conservative for code and prose in these tokenizers: a cap errs on the roomy side
NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"
ANY_DEPTH_NAME = rf"^({NAME}/)*{NAME}$"  # a new file anywhere: for trees with more directories than ENUM_LIMIT
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


def portable(name: str) -> bool:
    """Whether every grammar converter renders `name` faithfully as an enum value or a pattern's
    literal: llama.cpp's (C++ and Python) and Ollama's copy a value's JSON text into a GBNF literal
    escaping only `"`, CR and LF, so a backslash or quote in the name breaks the grammar (or makes
    the name unreachable), a control character becomes a raw one that JSON forbids, a character past
    U+FFFF becomes a surrogate pair no token can spell, and an undecodable byte (a lone surrogate
    here) is no character at all. Such names stay nameable: the path then takes any string."""
    return not any(c in '"\\' or ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 or 0xD800 <= ord(c) <= 0xDFFF
                   or ord(c) > 0xFFFF for c in name)


def path_choice(names: list[str]) -> FieldSchema | None:
    """An enum of exactly these names, or None (any string) when there are too many for a grammar of
    bounded size or one of them no converter renders faithfully."""
    if not names or len(names) > ENUM_LIMIT or not all(map(portable, names)):
        return None
    return {"type": "string", "enum": names}


def _literal(text: str) -> str:
    """`text` as a regex that every converter copies into a valid GBNF rule: letters, digits, `_`,
    `-` and `/` as themselves, any other character as a one-character class written `[\\uXXXX]`.
    (`re.escape` wrote `\\.`, which the converters copy and llama.cpp's GBNF parser refuses as an
    unknown escape: every workspace with a `.github/` failed at every turn.)"""
    return "".join(c if c.isascii() and (c.isalnum() or c in "_-/") else f"[\\u{ord(c):04x}]" for c in text)


def new_name_field(dirs: list[str]) -> FieldSchema:
    """A new file's name in one of `dirs` (a bounded pattern), or at any depth when there are too many."""
    prefixes = [d for d in dirs if d != "." and portable(d)]
    if len(prefixes) > ENUM_LIMIT:
        return {"type": "string", "pattern": ANY_DEPTH_NAME}
    alternatives = "|".join(_literal(d + "/") for d in prefixes)
    return {"type": "string", "pattern": f"^({alternatives})?{NAME}$" if alternatives else f"^{NAME}$"}


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
            field = path_choice(choices)
            if field is not None:
                properties["path"] = field
        kept.append(alternative)
    schema["oneOf"] = kept


def _narrow(schema: VocabularySchema, files: list[str], dirs: list[str]) -> None:
    new_name = new_name_field(dirs)
    existing = path_choice(files)
    for alternative in schema["oneOf"]:
        properties = alternative["properties"]
        if "path" not in properties or "enum" in properties["path"]:
            continue  # no path, or already narrowed to what has not been read or listed yet
        action = properties["action"]["const"]
        if action == "list_dir":
            listed = path_choice(dirs)
            if listed is not None:
                properties["path"] = listed
        elif action == "write_file":
            if existing is not None:
                properties["path"] = {"anyOf": [existing, new_name]}
            elif len(files) <= ENUM_LIMIT:  # few files, one of them unportable: an existing name is any string
                properties["path"] = {"type": "string"}
            else:
                properties["path"] = new_name if all(map(portable, files)) else {"type": "string"}
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
