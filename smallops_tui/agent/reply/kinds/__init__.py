"""The registry: every action kind there is, and the vocabularies a session offers the model.

This is the only list of kinds. A kind is one module beside this one (base.py says what it holds);
registering it is a line in KINDS and its place in the vocabularies that offer it (their names,
which the command line reads without importing the core, are vocabulary_names.py's). Everything else
(the parser, the schema, the prompt, the previews, the risk rules, the guards, the executors, the
ACP door, the front ends' tests) reads it from here or matches on `Action`'s five shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ....vocabulary_names import EDIT, EXTENDED, SEED as SEED_NAME
from .base import (
    EXAMPLE_FILES,
    ActionKind,
    ActionPath,
    EditAction,
    EditError,
    PathAction,
    ToolKind,
    path_problem,
)
from .done import Done
from .insert_lines import InsertLines
from .list_dir import ListDir
from .read_file import ReadFile
from .replace_lines import ReplaceLines
from .replace_text import ReplaceText
from .run_command import RunCommand
from .write_file import WriteFile

__all__ = ["EXAMPLE_FILES", "KINDS", "VOCABULARIES", "Action", "ActionKind", "ActionPath", "Done", "EditAction",
           "EditError", "InsertLines", "ListDir", "PathAction", "ReadFile", "ReplaceLines", "ReplaceText", "RunCommand",
           "ToolKind", "VocabularySpec", "WriteFile", "edit_kind_names", "kind_named", "path_problem",
           "vocabularies_with"]

# Every kind, in the order the vocabularies list them.
KINDS: tuple[type[ActionKind], ...] = (ReadFile, WriteFile, ListDir, RunCommand, Done,
                                       ReplaceLines, InsertLines, ReplaceText)

# An action is one of five shapes; code outside this package branches on them with `match` and
# `assert_never`, so mypy names a branch a new shape would need. Edits are one open family.
Action = ReadFile | ListDir | EditAction | RunCommand | Done


@dataclass(frozen=True)
class VocabularySpec:
    """The kinds a session offers the model, and the advice the system prompt adds for them."""

    kinds: tuple[type[ActionKind], ...]
    advice: str = ""  # rule lines of the system prompt, each starting "\n- "


SEED: tuple[type[ActionKind], ...] = (ReadFile, WriteFile, ListDir, RunCommand, Done)  # the seed benchmark's five

VOCABULARIES: Mapping[str, VocabularySpec] = {
    SEED_NAME: VocabularySpec(SEED),
    # Two narrow line edits, so a small model need not retype a whole file to change one line (the
    # seed report's proposed fix for destructive rewrites).
    EXTENDED: VocabularySpec(SEED + (ReplaceLines, InsertLines), advice=(
        f"\n- To change a few lines, prefer {ReplaceLines.NAME} (lines start..end, 1-based, inclusive) or\n"
        f"  {InsertLines.NAME} (after line N; 0 inserts at the top) over rewriting the whole file.")),
    # One text edit instead: replace the one place some exact text occurs.
    EDIT: VocabularySpec(SEED + (ReplaceText,), advice=(
        f'\n- To change part of a file, prefer {ReplaceText.NAME}: "old" is text copied exactly from the file '
        '(enough of it\n  to occur only once), "new" is what replaces it. To add lines, put them in "new" with the '
        "line they go next to.")),
}


def kind_named(name: object) -> type[ActionKind] | None:
    """The registered kind of that name (a logged action's `action`), or None."""
    return next((kind for kind in KINDS if kind.NAME == name), None)


def vocabularies_with(kind: type[ActionKind]) -> list[str]:
    """The names of the vocabularies that offer `kind`."""
    return [name for name, spec in VOCABULARIES.items() if kind in spec.kinds]


def edit_kind_names() -> tuple[str, ...]:
    """The names of every kind that changes a file (the `EditAction` family)."""
    return tuple(kind.NAME for kind in KINDS if issubclass(kind, EditAction))
