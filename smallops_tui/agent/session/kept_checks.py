"""Two checks at `done` of what the task did not ask to lose, or asked to lose and still has.

- **GONE**: a definition (a Python `def`/`class`, a JavaScript `function`, an exported name) that a
  file the session changed held at the start is defined nowhere now, and the task speaks of no
  removing, replacing, renaming, moving or cleaning. t3 of the nine, with a short plan: asked to add
  `subtract` and "keep the existing add function", the model wrote `subtract` over `add` and said
  "The subtract function is added": no check spoke (the `dropped` lever answers such an edit only
  for names the task does not mention, and this task named `add`).
  A document's parts count as its definitions: a Markdown file's headings (heldout7's q05 and q09,
  after their runs: asked to document an option and to fix the README's examples, the model wrote
  the README without its title and the sections around the one it touched, and said done,
  unflagged), an INI or TOML file's sections and keys, a JSON object's keys, a requirements
  file's projects, an ignore file's patterns (heldout8's r03 and r04, after their runs: asked to
  add a [delicates] section, the model renamed [dry] to it; asked to ignore three more things, it
  wrote a .gitignore of three lines over the three it had).
- **NOTHING REMOVED**: the task asks to clean up, remove or delete files without naming them (STILL
  THERE speaks for named ones), and no file was removed. r4 of the nine, with a short plan: "Clean
  up unused files" ended with main.py.bak edited, tmp.log and main.py.bak still there, and "The
  project is clean".

Both read only the workspace and the task's words; the texts are the session's first texts of the
files it changed (guards.SessionHistory.first_texts).
"""

from __future__ import annotations

import ast
import configparser
import json
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..files.workspace import PathEscape, Workspace, WorkspaceError
from .definitions import definitions, may_remove, python_tree, unquoted
from .project_tests import is_test_path
from .task_checks import CODE_SUFFIXES, code_sources

_DUNDER = re.compile(r"^__\w+__$")
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1", re.MULTILINE | re.DOTALL)
DOC_SUFFIXES = (".md", ".markdown")
# Files whose sections and keys GONE and `dropped` read (added_checks.CONFIG_SUFFIXES is every settings file).
SECTIONED_SUFFIXES = (".ini", ".cfg", ".toml", ".conf")
_SECTION = re.compile(r"^\[{1,2}([^\[\]]+)\]{1,2}\s*(?:[#;].*)?$")
_KEY = re.compile(r'^([A-Za-z0-9_.\-]+|"[^"]*"|'"'"'[^'"'"']*'"'"')[ \t]*[=:]')


def headings(text: str) -> list[str]:
    """A Markdown text's headings (`## Usage`), in order, those inside code fences left out."""
    return [f"{m.group(1)} {m.group(2)}" for m in _HEADING.finditer(_FENCE.sub("", text))]


def _config_parts(text: str) -> list[str]:
    """An INI or TOML text's sections and keys (`[dry]`, `[dry] minutes`), in order; comments and
    lines inside a multi-line value are no parts."""
    parts: list[str] = []
    section = ""
    for line in text.splitlines():
        if line[:1] in (" ", "\t") or line.lstrip().startswith(("#", ";")):
            continue  # a continuation line, or a comment
        if m := _SECTION.match(line):
            section = f"[{m.group(1).strip()}]"
            parts.append(section)
        elif m := _KEY.match(line):
            parts.append(f"{section} {m.group(1).strip()}".strip())
    return parts


def _json_parts(text: str) -> list[str] | None:
    """A JSON object's keys, and its objects' keys one level down (`per_sheet`, `per_sheet.A3`);
    None for a text that is no JSON (unreadable now is lint's and the tests' concern, not a key gone)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # (deep nesting: model output is hostile)
        return None
    if not isinstance(value, dict):
        return []
    parts = []
    for key, inner in value.items():
        parts.append(str(key))
        if isinstance(inner, dict):
            parts.extend(f"{key}.{sub}" for sub in inner)
    return parts


def _patterns(text: str) -> list[str]:
    """An ignore file's patterns: its lines but blank ones and comments."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _requirements(text: str) -> list[str]:
    """A requirements file's projects, by name (a new version of one keeps it); options (-r, -e,
    --index-url) and comments are no project."""
    found = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-") and (match := _REQUIREMENT.match(line)):
            found.append(match.group(1).lower().replace("_", "-"))
    return found


@dataclass(frozen=True)
class Outline:
    """What a kind of document defines: its parts, and what one and several are called."""

    one: str
    several: str
    parts: Callable[[str], list[str] | None]  # None: the text cannot be read as such a document


# A document's definitions, by its kind (heldout8's r03 renamed an INI file's [dry] section to the
# [delicates] it was asked to add, and said done unflagged).
OUTLINES: dict[tuple[str, ...], Outline] = {
    DOC_SUFFIXES: Outline("a heading", "headings", headings),
    SECTIONED_SUFFIXES: Outline("a section or key", "sections or keys", _config_parts),
    (".json",): Outline("a key", "keys", _json_parts),
    (".gitignore", ".dockerignore"): Outline("a pattern", "patterns", _patterns),
    # heldout2's g6, asked to add pytest as a new last line, wrote it over httpx==0.27.0 (run at 685ad85)
    ("requirements.txt", "requirements.in", "constraints.txt"): Outline("a requirement", "requirements", _requirements),
}


def outline(rel: str) -> Outline | None:
    """What a document of this name defines, for a kind OUTLINES knows, else None."""
    return next((kind for suffixes, kind in OUTLINES.items() if rel.lower().endswith(suffixes)), None)


RENAMING = re.compile(r"\b(rename|renaming|renamed)\b", re.IGNORECASE)
_FILES_TO_GO = re.compile(r"\b(?:clean(?:\s|-)?up|tidy(?:\s|-)?up|remove|delete|get\s+rid\s+of|erase)\b[^.\n]{0,60}?"
                          r"\b(?:files|leftovers|junk|backups|temporary|clutter)\b", re.IGNORECASE)


@dataclass(frozen=True)
class KeptFinding:
    kind: Literal["gone", "nothing_removed"]
    text: str


def gone_definitions(task: str, workspace: Workspace, first_texts: Mapping[str, str], changed: Sequence[str],
                     files: Sequence[str]) -> list[KeptFinding]:
    """GONE: definitions of a changed (or deleted) file at the start that no code file has now."""
    if may_remove(task) or RENAMING.search(unquoted(task)):
        return []
    before = {rel: definitions(first_texts[rel]) for rel in changed
              if rel.endswith(CODE_SUFFIXES) and rel in first_texts}
    if not any(before.values()):
        return []
    now: set[str] = set()
    by_file: dict[str, set[str]] = {}
    for rel, text in code_sources(workspace, files):
        by_file[rel] = set(definitions(text))
        now.update(by_file[rel])
    found = []
    for rel, names in before.items():
        # A dunder's going is how a class becomes a dataclass (heldout4's m24: __init__, __repr__ and
        # __eq__ are generated then); the class itself is still defined.
        lost = [name for name in dict.fromkeys(names) if name not in now and not _DUNDER.match(name)]
        lost = _tests_replaced(lost, set(names), by_file.get(rel, set()))
        if lost:
            shown = ", ".join(lost[:5]) + (" …" if len(lost) > 5 else "")
            found.append(KeptFinding("gone", f"{shown}, defined in {rel} at the start, {'is' if len(lost) == 1 else 'are'} "
                                             "defined nowhere now, and the task does not ask to remove "
                                             f"{'it' if len(lost) == 1 else 'them'}"))
    return found


def _tests_replaced(lost: list[str], before: set[str], now: set[str]) -> list[str]:
    """`lost` without the tests a file replaced by as many new ones: a test renamed as it was updated
    (heldout17's h12 and heldout22's e02, in right answers to "fix the test that expects the old
    number": test_uneven_split became test_uneven_split_rounds_up, test_sixty_five_is_still_adult
    test_sixty_five_is_senior). A test deleted, with none in its place, is gone."""
    lost_tests = [name for name in lost if name.startswith("test")]
    new_tests = [name for name in now - before if name.startswith("test")]
    if lost_tests and len(new_tests) >= len(lost_tests):
        return [name for name in lost if name not in lost_tests]
    return lost


def gone_parts(task: str, workspace: Workspace, first_texts: Mapping[str, str],
               modified: Sequence[str]) -> list[KeptFinding]:
    """GONE, for documents: the headings, sections or keys (outline) a changed document held at the
    start and holds no more."""
    if may_remove(task) or RENAMING.search(unquoted(task)):
        return []
    found = []
    for rel in modified:
        kind = outline(rel)
        if kind is None or rel not in first_texts:
            continue
        try:
            now = workspace.read_text_or_none(rel)
        except (OSError, ValueError, UnicodeDecodeError, PathEscape, WorkspaceError):
            continue
        if now is None:
            continue
        start, end = kind.parts(first_texts[rel]), kind.parts(now)
        if start is None or end is None:
            continue
        kept = set(end)
        lost = [part for part in dict.fromkeys(start) if part not in kept]
        if lost and rel.lower().endswith(_INI_SUFFIXES):
            lost = [part for part in lost if not _still_set(part, now)]
        elif lost and rel.lower().endswith(".toml"):
            lost = [part for part in lost if not _still_in_toml(part, now)]
        if lost:
            shown = ", ".join(f"'{part}'" for part in lost[:4]) + (" …" if len(lost) > 4 else "")
            one = len(lost) == 1
            found.append(KeptFinding("gone", f"{shown}, {kind.one if one else kind.several} of {rel} at the start, "
                                             f"{'is' if one else 'are'} gone from it, and the task does not ask to "
                                             f"remove {'it' if one else 'them'}"))
    return found


_INI_SUFFIXES = (".ini", ".cfg", ".conf")


def _still_set(part: str, now: str) -> bool:
    """Whether a section still reads an INI key it no longer sets, through [DEFAULT]: what it reads
    is the concern of the checks of values (NOT SET, DEFAULT CHANGED), not of what is gone
    (heldout21's s07, in a right answer: closes and fees moved into [DEFAULT] with the quiet nights
    pinned to the old values, so [friday] no longer needs its own `generator_allowed = yes`)."""
    section, _, key = part.partition(" ")
    if not key or not section.startswith("["):
        return False
    try:
        parser = configparser.RawConfigParser(strict=False, interpolation=None)
        parser.read_string(now)
        return parser.has_section(section[1:-1]) and parser.has_option(section[1:-1], key)
    except (configparser.Error, ValueError, RecursionError, MemoryError):
        return False


def _still_in_toml(part: str, now: str) -> bool:
    """Whether a TOML table or key still holds, written another way: `[days.sunday]` as an inline
    table `sunday = { start = "10:00" }` (heldout19's q01, in a right answer), or a dotted key."""
    section, _, key = part.partition(" ") if part.startswith("[") else ("", "", part)
    path = [*section.strip("[]").split("."), *key.split(".")] if section else key.split(".")
    try:
        value: object = tomllib.loads(now)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError, MemoryError):
        return False
    for name in (step.strip().strip('"').strip("'") for step in path if step.strip()):
        if isinstance(value, list):  # an array of tables: the name in any of them
            value = next((item[name] for item in value if isinstance(item, dict) and name in item), None)
        elif isinstance(value, dict) and name in value:
            value = value[name]
        else:
            return False
        if value is None:
            return False
    return True


def gone_files(task: str, workspace: Workspace, first_texts: Mapping[str, str], deleted: Sequence[str],
               created: Sequence[str]) -> list[KeptFinding]:
    """GONE, for whole files: a file of the start is deleted, and the task speaks of no removing,
    replacing, renaming or moving. A code file that defined something is gone_definitions' (its
    definitions may live on elsewhere); a file whose text is now another's was moved, not lost.
    Every kit of heldout17-22 has a wrong answer that deletes the README beside a right change, and
    no check spoke: the net change held a deletion, and only what was edited was read."""
    if not deleted or may_remove(task) or RENAMING.search(unquoted(task)):
        return []
    lost = [rel for rel in deleted if not (rel.endswith(CODE_SUFFIXES) and definitions(first_texts.get(rel, "")))]
    sizes = {len(first_texts[rel].encode()) for rel in lost if rel in first_texts}
    moved_to = {text for rel in created if _size(workspace, rel) in sizes
                and (text := _text_or_none(workspace, rel)) is not None}
    lost = [rel for rel in lost if first_texts.get(rel) not in moved_to]
    if not lost:
        return []
    shown = ", ".join(lost[:4]) + (" …" if len(lost) > 4 else "")
    one = len(lost) == 1
    return [KeptFinding("gone", f"{shown}, {'a file' if one else 'files'} of the start, {'is' if one else 'are'} "
                                f"deleted, and the task does not ask to remove {'it' if one else 'them'}")]


def _size(workspace: Workspace, rel: str) -> int | None:
    try:
        return workspace.resolve(rel).stat().st_size
    except (OSError, ValueError, PathEscape):
        return None


def _text_or_none(workspace: Workspace, rel: str) -> str | None:
    try:
        return workspace.read_text_or_none(rel)
    except (OSError, ValueError, UnicodeDecodeError, PathEscape, WorkspaceError):
        return None


_ENTRY_WORDS = re.compile(r"__main__|__name__|\bentry[ -]?points?\b", re.IGNORECASE)


def _runs_when_run(tree: ast.Module) -> bool:
    """Whether a module does something of its own when run: an `if __name__ == "__main__":` block,
    or a call at its top level (`main()`, `sys.exit(main())`)."""
    for node in tree.body:
        if isinstance(node, ast.If) and any(isinstance(inner, ast.Name) and inner.id == "__name__"
                                            for inner in ast.walk(node.test)):
            return True
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            return True
    return False


def gone_entry_points(task: str, first_texts: Mapping[str, str], workspace: Workspace,
                      modified: Sequence[str]) -> list[KeptFinding]:
    """GONE, for what a module does when run: a changed Python file ran code of its own at the start
    (`if __name__ == "__main__": main()`) and runs none now. heldout27's o06 rewrote litter/tally.py
    whole for a `--csv` flag and left the block out: `python -m litter.tally` then printed nothing,
    with or without the flag, and the tests, which call main() themselves, all passed."""
    if _ENTRY_WORDS.search(task) or may_remove(task) or RENAMING.search(unquoted(task)):
        return []
    found = []
    for rel in modified:
        if not rel.endswith(".py") or rel not in first_texts or is_test_path(rel):
            continue  # a test file's `unittest.main()` block is not how its tests run (discovery is)
        before = python_tree(first_texts[rel])
        if before is None or not _runs_when_run(before):
            continue
        text = _text_or_none(workspace, rel)
        after = python_tree(text) if text is not None else None
        if after is not None and not _runs_when_run(after):
            module = rel.removesuffix(".py").replace("/", ".")
            found.append(KeptFinding("gone", f"{rel} ran code of its own when run at the start (its `if __name__ == "
                                             f"\"__main__\":` block) and runs none now: `python -m {module}` does "
                                             "nothing, and the task does not ask for that"))
    return found


def nothing_removed(task: str, deleted: Sequence[str], named_gone: Sequence[str]) -> list[KeptFinding]:
    """NOTHING REMOVED: the task asks to remove files it does not name, and none was removed."""
    if deleted or named_gone or not _FILES_TO_GO.search(task):
        return []
    return [KeptFinding("nothing_removed", "the task asks to remove files, and no file was removed")]


def kept_findings(task: str, workspace: Workspace, first_texts: Mapping[str, str], files: Sequence[str],
                  modified: Sequence[str], deleted: Sequence[str], named_gone: Sequence[str],
                  created: Sequence[str] = ()) -> list[KeptFinding]:
    """Every finding for a `done`: `files` are the workspace's now, `modified`/`deleted`/`created` the
    net change, `named_gone` the files the task names to delete (STILL THERE's)."""
    return [*gone_definitions(task, workspace, first_texts, [*modified, *deleted], files),
            *gone_parts(task, workspace, first_texts, modified),
            *gone_entry_points(task, first_texts, workspace, modified),
            *gone_files(task, workspace, first_texts, deleted, created),
            *nothing_removed(task, deleted, named_gone)]
