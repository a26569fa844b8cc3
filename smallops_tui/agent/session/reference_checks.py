"""STILL THERE, for what refers to a module the session removed, where the task asks for that too.

"Please remove it and everything that refers to it" (heldout23's d06, and heldout10's and
heldout12's like chores): a module deleted, and the console script in pyproject.toml, the line of
the CI workflow that runs it, the README's usage or its test left naming it. The tests may pass (the
test was deleted, nothing imports it), so only reading the files can tell.

A reference is the module's dotted name (`watchshop.legacy_import`), its path, or an import of it by
its last name (`from watchshop import legacy_import`); history files (a changelog) may name it.
Read from the task's words and the files, bounded; never run.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from ..files.scanned import is_readme, records_history, scanned_texts
from ..files.workspace import Workspace

# What asks for a removal's references to go too.
_REFERENCES_TOO = re.compile(
    r"\b(?:everything|anything|all|whatever|every\s+place|every\s+file|everywhere)\b[^.;\n]{0,40}?"
    r"\b(?:refers?|referr?ing|references?|mentions?|mentioning|uses?|using|points?|imports?|calls?|runs?|belongs?)\b"
    r"|\b(?:its|their|any|all)\s+(?:references|mentions|uses|imports)\b|\ball\s+traces\b",
    re.IGNORECASE)
_TEXT_SUFFIXES = (".py", ".pyi", ".toml", ".cfg", ".ini", ".txt", ".md", ".rst", ".yml", ".yaml", ".json", ".sh",
                  ".in", ".conf")
SHOWN = 4


def _module(rel: str) -> tuple[str, str] | None:
    """(dotted name, last name) of a Python module's path; None for a package's `__init__` or no .py."""
    if not rel.endswith(".py") or posixpath.basename(rel) == "__init__.py":
        return None
    parts = rel.removesuffix(".py").split("/")
    if parts[0] == "src" and len(parts) > 1:
        parts = parts[1:]
    if not all(part.isidentifier() for part in parts):
        return None
    return ".".join(parts), parts[-1]


def references_left(task: str, workspace: Workspace, deleted: Sequence[str], files: Sequence[str]) -> list[str]:
    """Sentences for each module the session deleted that files now still name, where the task asks
    for what refers to it to go too."""
    if not deleted or not _REFERENCES_TOO.search(task):
        return []
    modules = [(rel, found) for rel in deleted if (found := _module(rel)) is not None]
    if not modules:
        return []
    texts = list(scanned_texts(workspace, (rel for rel in files
                                           if (rel.lower().endswith(_TEXT_SUFFIXES) or is_readme(rel))
                                           and not records_history(rel))))
    said = []
    for path, (dotted, last) in modules:
        package = dotted.rpartition(".")[0]
        pattern = re.compile(
            rf"(?<![\w.]){re.escape(dotted)}(?![\w])|(?<![\w./-]){re.escape(path)}(?![\w/-])"
            rf"|^\s*import\s+{re.escape(last)}\b|^\s*from\s+{re.escape(package) if package else '[.]'}\s+import\s+"
            rf"[^\n]*(?<![\w.]){re.escape(last)}\b",
            re.MULTILINE)
        where = [rel for rel, text in texts if pattern.search(text)]
        if where:
            shown = ", ".join(where[:SHOWN]) + (f" and {len(where) - SHOWN} more" if len(where) > SHOWN else "")
            said.append(f"{dotted}, removed, is still named in {shown}; the task asks for what refers to it to go too")
    return said
