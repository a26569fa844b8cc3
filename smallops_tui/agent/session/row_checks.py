"""OTHER ROWS: a table (CSV, TSV) the session changed has rows changed that name none of the things
the task names in it.

heldout21's s06 asked that "Priya's Saturday shift should start at 7:30 now instead of 7:00.
Everything else stays the same." The model moved every Saturday and Sunday start by half an hour,
Tom's and Grace's rows with Priya's, and said done with only UNTESTED FIX beside it. A row is the
unit of a table: the task picks the rows it means by what they hold (a name, a code, a place), so a
changed row holding none of those, where other rows hold them, was not asked for.

The words read are those the task writes with a capital or in quotes that some row of the file
held at the start, and not every row (a word in every row picks none out). A task that names no
row so (raise every price, a new column) is not read; nor is a row the session added.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..files.workspace import PathEscape, Workspace, WorkspaceError

TABLE_SUFFIXES = (".csv", ".tsv")
MAX_TABLE_CHARS = 500_000
MAX_SHOWN_ROWS = 3
_CAPITALISED = re.compile(r"(?<![\w'])([A-Z][\w-]*[A-Za-z0-9])(?:'s)?(?![\w])")
# Words a sentence may begin with that pick out no row ("In the rota, …", "All", "Please").
_COMMON = frozenset("""a all also an and any as at but by can could each every everything for from if in is it its no
not now of on or our please so the then there these this those to we when where which while with yes you""".split())
_QUOTED = re.compile(r"[`'\"]([^`'\"\n]{1,40})[`'\"]")


@dataclass(frozen=True)
class RowFinding:
    kind: Literal["other_rows"]
    text: str


def other_rows(task: str, workspace: Workspace, first_texts: Mapping[str, str],
               modified: Sequence[str]) -> list[RowFinding]:
    found = []
    for rel in modified:
        if not rel.lower().endswith(TABLE_SUFFIXES) or rel not in first_texts:
            continue
        try:
            now = workspace.read_text_or_none(rel)
        except (OSError, ValueError, UnicodeDecodeError, PathEscape, WorkspaceError):
            continue
        first = first_texts[rel]
        if now is None or len(first) > MAX_TABLE_CHARS or len(now) > MAX_TABLE_CHARS:
            continue
        if said := _rows_beyond(task, rel, first, now):
            found.append(RowFinding("other_rows", said))
    return found


def _rows_beyond(task: str, rel: str, first: str, now: str) -> str:
    rows = first.splitlines()
    cells = [_cells(line, rel) for line in rows]
    named = _picking_words(task, cells[1:] if len(cells) > 1 else cells)
    if not named:
        return ""
    matcher = difflib.SequenceMatcher(None, rows, now.splitlines(), autojunk=False)
    changed = [index for tag, i1, i2, _, _ in matcher.get_opcodes() if tag in ("replace", "delete")
               for index in range(i1, i2)]
    beyond = [rows[index] for index in changed if index > 0 and not named & cells[index]]
    if not beyond:
        return ""
    shown = "; ".join(f"'{row[:60]}'" for row in beyond[:MAX_SHOWN_ROWS]) + (" …" if len(beyond) > MAX_SHOWN_ROWS else "")
    listed = ", ".join(sorted(named)[:4])
    return (f"{len(beyond)} of the {len(changed)} rows of {rel} that changed name none of {listed}, which the task "
            f"names: {shown}")


def _cells(line: str, rel: str) -> frozenset[str]:
    """A row's cells, and the words in them, case-folded."""
    try:
        row = next(csv.reader(io.StringIO(line), delimiter="\t" if rel.lower().endswith(".tsv") else ","), [])
    except (csv.Error, StopIteration):
        row = line.split(",")
    words = {cell.strip().casefold() for cell in row if cell.strip()}
    words |= {word.casefold() for cell in row for word in re.findall(r"[\w-]+", cell)}
    return frozenset(words)


def _picking_words(task: str, rows: list[frozenset[str]]) -> frozenset[str]:
    """The task's names that pick out some rows of the table, and not all of them."""
    candidates = {m.group(1).casefold() for m in _CAPITALISED.finditer(task)}
    candidates |= {m.group(1).strip().casefold() for m in _QUOTED.finditer(task)}
    return frozenset(word for word in candidates - _COMMON
                     if any(word in row for row in rows) and not all(word in row for row in rows))
