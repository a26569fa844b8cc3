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

A changed row that names some of those words is still another row when a row of the start names
more of them and the change did not make it name as many: for "St Mark's Church Hall now opens at
10:00 on Thursdays", St Mark's Tuesday row or St Luke's Thursday one (heldout22's e05 kit), for
"Priya's Saturday shift", her Sunday one. A JSON list of objects is read as such a table of its
entries, however it is written, and JSON Lines line by line.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..files.workspace import PathEscape, Workspace, WorkspaceError

TABLE_SUFFIXES = (".csv", ".tsv")
# Files read as a list of entries, one row each: a JSON list of objects, JSON Lines.
LISTING_SUFFIXES = (".json", ".jsonl", ".ndjson")
MAX_TABLE_CHARS = 500_000
MAX_SHOWN_ROWS = 3
_CAPITALISED = re.compile(r"(?<![\w'])([A-Z][\w-]*[A-Za-z0-9])(?:'s)?(?![\w])")
# Words a sentence may begin with that pick out no row ("In the rota, …", "All", "Please").
_COMMON = frozenset("""a all also an and any as at but by can could each every everything for from if in is it its no
not now of on or our please so the then there these this those to we when where which while with yes you""".split())
_QUOTED = re.compile(r"[`'\"]([^`'\"\n]{1,40})[`'\"]")
_PLAIN_WORD = re.compile(r"(?<![\w'])([a-z][a-z-]{3,}[a-z])(?![\w])")


@dataclass(frozen=True)
class RowFinding:
    kind: Literal["other_rows"]
    text: str


def other_rows(task: str, workspace: Workspace, first_texts: Mapping[str, str],
               modified: Sequence[str]) -> list[RowFinding]:
    found = []
    for rel in modified:
        if not rel.lower().endswith((*TABLE_SUFFIXES, *LISTING_SUFFIXES)) or rel not in first_texts:
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
    read = _table(rel, first, now)
    if read is None:
        return ""
    rows, after, header = read
    cells = [_cells(line, rel) for line in rows]
    body = range(1 if header and len(rows) > 1 else 0, len(rows))
    named = _picking_words(task, [cells[index] for index in body])
    if not named:
        return ""
    matcher = difflib.SequenceMatcher(None, rows, after, autojunk=False)
    changed: list[tuple[int, int | None]] = []  # (row at the start, the row it became where one became one)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "delete"):
            one_for_one = tag == "replace" and i2 - i1 == j2 - j1
            changed += [(index, j1 + index - i1 if one_for_one else None) for index in range(i1, i2) if index in body]
    listed = ", ".join(sorted(named)[:4])
    beyond = [rows[index] for index, _ in changed if not named & cells[index]]
    if beyond:
        return (f"{len(beyond)} of the {len(changed)} rows of {rel} that changed name none of {listed}, which the task "
                f"names: {_shown(beyond)}")
    # A row that names fewer of the task's words than the row that names most of them, before and
    # after the change: St Mark's Tuesday row changed for "St Mark's ... on Thursdays" (heldout22's
    # e05 kit), Priya's Sunday shift for "Priya's Saturday shift" (heldout21's s06 kit).
    best = max(len(named & cells[index]) for index in body)
    fewer = [rows[index] for index, to in changed
             if max(len(named & cells[index]), len(named & _cells(after[to], rel)) if to is not None else 0) < best]
    if not fewer:
        return ""
    top = next(rows[index] for index in body if len(named & cells[index]) == best)
    return (f"{len(fewer)} of the {len(changed)} rows of {rel} that changed name fewer of {listed}, which the task "
            f"names, than '{top.strip()[:60]}': {_shown(fewer)}")


def _table(rel: str, first: str, now: str) -> tuple[list[str], list[str], bool] | None:
    """The rows of the file at the start and now, and whether the first is a header; None for a file
    that is no table. A JSON list of objects is a table of its entries, however it is written (an
    entry a row, as its values read), when it holds as many entries now as at the start."""
    if rel.lower().endswith(TABLE_SUFFIXES):
        rows = [_canonical(text, rel) for text in (first, now)]
        return (rows[0], rows[1], True) if rows[0] is not None and rows[1] is not None else None
    if not rel.lower().endswith(".json"):
        return first.splitlines(), now.splitlines(), False
    entries = [_entries(text) for text in (first, now)]
    if entries[0] is None or entries[1] is None or len(entries[0]) != len(entries[1]):
        return None
    return entries[0], entries[1], False


def _canonical(text: str, rel: str) -> list[str] | None:
    """A table's rows written one way (csv's minimal quoting): a table rewritten with every cell
    quoted is the same rows (a right answer of heldout23's d05 kit wrote it with QUOTE_NONNUMERIC,
    and every line read as changed)."""
    delimiter = "\t" if rel.lower().endswith(".tsv") else ","
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except (csv.Error, ValueError):
        return None
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    lines = []
    for row in rows:
        out.seek(0)
        out.truncate()
        writer.writerow(row)
        lines.append(out.getvalue().rstrip("\n"))
    return lines


def _entries(text: str) -> list[str] | None:
    """A JSON list of objects as one line per object (its values in the order of their keys,
    comma-separated: written with its keys sorted, an entry is the same row), else None."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, list) or not data or not all(isinstance(entry, dict) for entry in data):
        return None
    return [",".join(json.dumps(entry[key], ensure_ascii=False, sort_keys=True).strip('"') for key in sorted(entry))
            for entry in data]


def _shown(rows: list[str]) -> str:
    return "; ".join(f"'{row.strip()[:60]}'" for row in rows[:MAX_SHOWN_ROWS]) + (" …" if len(rows) > MAX_SHOWN_ROWS else "")


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
    candidates = {_as_in_rows(word, rows) for word in candidates}
    picking = frozenset(word for word in candidates - _COMMON
                        if any(word in row for row in rows) and not all(word in row for row in rows))
    if picking:
        return picking
    # No name written with a capital or in quotes picks rows: the task's longer plain words that
    # some rows hold ("the heaviest marrow class will be judged at 14:30": heldout23's d05 kit moved
    # the longest marrow's time, or every 14:00, unflagged). A word in most rows picks out little.
    plain = {_as_in_rows(word.casefold(), rows) for word in _PLAIN_WORD.findall(task)} - _COMMON
    return frozenset(word for word in plain
                     if any(word in row for row in rows) and sum(word in row for row in rows) * 2 <= len(rows))


_CALENDAR = frozenset("""monday tuesday wednesday thursday friday saturday sunday january february march april may june
july august september october november december""".split())


def _as_in_rows(word: str, rows: list[frozenset[str]]) -> str:
    """The word as the rows write it, where they write it otherwise: "Thursdays" as "Thursday", and a
    day's or month's name as its three letters ("Saturday" where the rota says "Sat")."""
    if any(word in row for row in rows):
        return word
    single = word[:-1] if word.endswith("s") else word
    if single != word and any(single in row for row in rows):
        return single
    if single in _CALENDAR and any(single[:3] in row for row in rows):
        return single[:3]
    return word
