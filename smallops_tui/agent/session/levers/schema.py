"""What the model may say, turn by turn, and for how long: the per-turn schema (`paths`, `fresh`,
a turn without an action after the harness answered it) and the request options (`cap`, `plan`)."""

from __future__ import annotations

import copy
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...files.workspace import Workspace
from ...reply.actions import ActionSchema, FieldSchema, VocabularySchema, vocabulary_schema
from ...reply.kinds import ListDir, ReadFile, WriteFile

ENUM_LIMIT = 200  # beyond this many files (or directories), a path's choices are a pattern (names_pattern)
PATTERN_CHARS = 60_000  # beyond this, a path takes any string (about 3,000 paths of 40 characters)
TRIE_DEPTH = 150  # nested groups in that pattern: converters and llama.cpp's parser recurse per group
# Groups in that pattern: llama.cpp's GBNF parser refuses a `(…)?` whose group holds 2,000 rules or more
# ("number of rules that are going to be repeated … exceeds sane defaults"), and each group is a rule.
TRIE_GROUPS = 1000
CAP_FLOOR, CAP_CEILING = 160, 1024
CHARS_PER_TOKEN = 3  # conservative for code and prose in these tokenizers: a cap errs on the roomy side
NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"
ANY_DEPTH_NAME = rf"^({NAME}/)*{NAME}$"  # a new file anywhere: for trees whose folders pass the pattern's bounds
# The plan's room, in characters (about 60 tokens). It was 400: on the nine at bb000f4, 250 kept
# 7/9 in 2,722 answer tokens against 3,212 (docs/bench.md, the round of 6 December, morning).
PLAN_CHARS = 250
PLAN_TOKENS = 100  # what the cap allows for it (with the tail a full plan may take)
SHORT_PLAN_CHARS = 160  # `shortplan`: plans were 70% of the nine's answer tokens (8,906 of 12,617 characters)
SHORT_PLAN_TOKENS = 60


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
    """Exactly these names: an enum when there are few, a trie-shaped pattern when there are many; or
    None (any string) when the pattern would pass its bounds or a name no converter renders faithfully."""
    if not names or not all(map(portable, names)):
        return None
    if len(names) <= ENUM_LIMIT:
        return {"type": "string", "enum": names}
    pattern = names_pattern(names)
    return {"type": "string", "pattern": pattern} if pattern is not None else None


class _TooDeep(Exception):
    pass


def _trie(names: list[str], depth: int) -> str:
    """The regex body matching exactly `names` (each suffix once), shared prefixes written once."""
    if depth > TRIE_DEPTH:
        raise _TooDeep
    groups: dict[str, list[str]] = {}
    for name in sorted(n for n in names if n):
        groups.setdefault(name[0], []).append(name[1:])
    alternatives = []
    for first, rests in groups.items():
        run = first
        while len(rests) > 1 and all(rests) and len({r[0] for r in rests}) == 1:  # one way on: a longer literal
            run += rests[0][0]
            rests = [r[1:] for r in rests]
        if len(rests) == 1:
            run, rests = run + rests[0], [""]
        alternatives.append(_literal(run) + (_trie(rests, depth + 1) if rests != [""] else ""))
    ends_here = "" in names
    if not alternatives:
        return ""
    body = alternatives[0] if len(alternatives) == 1 and not ends_here else "(" + "|".join(alternatives) + ")"
    return body + ("?" if ends_here else "")


def _names_body(names: list[str]) -> str | None:
    if sum(map(len, names)) > 4 * PATTERN_CHARS:
        return None
    try:
        body = _trie(names, 0)
    except _TooDeep:
        return None
    return body if len(body) <= PATTERN_CHARS and body.count("(") < TRIE_GROUPS else None


def names_pattern(names: list[str]) -> str | None:
    """`^(…)$` matching exactly `names` (portable ones), or None past PATTERN_CHARS or TRIE_DEPTH: a
    grammar of 920 paths (a clone of this repository) is 35 KB and llama.cpp parses it in a millisecond,
    where an enum past ENUM_LIMIT meant any string, and a model in a real project could name files
    that are not there."""
    body = _names_body(names)
    return f"^{body}$" if body is not None else None


def _literal(text: str) -> str:
    """`text` as a regex that every converter copies into a valid GBNF rule: letters, digits, `_`,
    `-` and `/` as themselves, any other character as a one-character class written `[\\uXXXX]`.
    (`re.escape` wrote `\\.`, which the converters copy and llama.cpp's GBNF parser refuses as an
    unknown escape: every workspace with a `.github/` failed at every turn.)"""
    return "".join(c if c.isascii() and (c.isalnum() or c in "_-/") else f"[\\u{ord(c):04x}]" for c in text)


def new_name_field(dirs: list[str]) -> FieldSchema:
    """A new file's name in one of `dirs` (a bounded pattern), or at any depth when there are too many."""
    prefixes = [d + "/" for d in dirs if d != "." and portable(d)]
    if not prefixes:
        return {"type": "string", "pattern": f"^{NAME}$"}
    body = _names_body(prefixes)
    if body is None:
        return {"type": "string", "pattern": ANY_DEPTH_NAME}
    return {"type": "string", "pattern": f"^({body})?{NAME}$"}


def _fresh(schema: VocabularySchema, files: Iterable[str], dirs: Iterable[str], done_reads: frozenset[str],
           done_lists: frozenset[str]) -> None:
    """Leave out read_file (list_dir) when every file (folder) has been read (listed) since the last
    change: there is nothing new to see. A single seen path is never left out of a choice of others
    (levers/answers.py: seen_again says why); the answer to such a read does that job."""
    kept: list[ActionSchema] = []
    for alternative in schema["oneOf"]:
        action = alternative["properties"]["action"]["const"]
        if action == ReadFile.NAME and all(f in done_reads for f in files):
            continue
        if action == ListDir.NAME and all(d in done_lists for d in dirs):
            continue
        kept.append(alternative)
    schema["oneOf"] = kept


@dataclass(frozen=True)
class _PathFields:
    """What a tree's paths make of a schema's `path` fields (None: any string)."""

    dirs: tuple[str, ...]
    existing: FieldSchema | None  # a file that exists
    listed: FieldSchema | None  # a directory that exists
    new_name: FieldSchema  # a new file's name in one of the directories
    all_portable: bool


@lru_cache(maxsize=4)
def _path_fields(files: tuple[str, ...]) -> _PathFields:
    """Built once per tree, not per turn: the patterns of a tree of thousands of files took a tenth
    of an auto-approved step (the fields are copied into each schema, never changed in place)."""
    dirs = tuple(_directories(files))
    return _PathFields(dirs, path_choice(list(files)), path_choice(list(dirs)), new_name_field(list(dirs)),
                       all(map(portable, files)))


def _narrow(schema: VocabularySchema, fields: _PathFields) -> None:
    existing = copy.deepcopy(fields.existing)
    new_name = copy.deepcopy(fields.new_name)
    for alternative in schema["oneOf"]:
        properties = alternative["properties"]
        if "path" not in properties:
            continue
        action = properties["action"]["const"]
        if action == ListDir.NAME:
            if fields.listed is not None:
                properties["path"] = copy.deepcopy(fields.listed)
        elif action == WriteFile.NAME:
            if existing is not None:
                properties["path"] = {"anyOf": [existing, new_name]}
            elif fields.all_portable:  # none yet, or too many to name: the shapes of a new name
                properties["path"] = new_name
            else:  # a name no converter renders: any string, so it can still be named
                properties["path"] = {"type": "string"}
        elif existing is not None:
            properties["path"] = existing


def paths_schema(vocabulary_name: str, workspace: Workspace, narrow: bool = True, fresh: bool = False,
                 done_reads: frozenset[str] = frozenset(), done_lists: frozenset[str] = frozenset()) -> VocabularySchema:
    """The vocabulary's schema with each `path` narrowed to what exists now (`narrow`): reads and
    line edits an existing file, list_dir an existing directory, write_file an existing file or a
    new name in an existing directory. `fresh`: read_file (list_dir) is left out when every file
    (folder) is in `done_reads` (`done_lists`)."""
    schema = vocabulary_schema(vocabulary_name)
    files = tuple(workspace.walk_files())
    fields = _path_fields(files)
    if fresh:
        _fresh(schema, files, fields.dirs, done_reads, done_lists)
    if narrow:
        _narrow(schema, fields)
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
        plan_tokens = SHORT_PLAN_TOKENS if "shortplan" in levers else PLAN_TOKENS
        options["num_predict"] = task_cap(workspace) + (plan_tokens if "plan" in levers else 0)
    if "fenced" in levers:
        options["fenced"] = True
    if "plan" in levers:
        options["plan"] = SHORT_PLAN_CHARS if "shortplan" in levers else PLAN_CHARS
    return options
