"""`merge` for a TOML file: a write holding only some of its tables, read as those tables changed.

Asked to add a flavour and change another's price in `flavours.toml`, or a script to
`pyproject.toml`, a small model sends back the tables it touched, the rest left out, as it does
for INI (ini_merge.py, whose placing this shares). A person reads that as "these tables, changed";
so does this, where the reading is unambiguous:

- both texts parse as TOML (the standard `tomllib`), neither has an array of tables (`[[…]]`),
  the write has no key outside a table and lacks at least one of the file's tables (else it is a
  whole-file write, taken as written);
- a table the file has gets the write's keys (a changed value's line replaced, a new key after the
  table's last), a key the write leaves out stays, a new table goes at the end;
- the file's own lines are kept, comments included, so the person's diff is the change;
- the result parses to exactly the file's tables updated with the write's, else the write is left
  as it was sent (a value over several lines, a quoted key the lines' shape misreads: not judged).

The texts are parsed, never evaluated.
"""

from __future__ import annotations

import re
import tomllib
from typing import cast

from .ini_merge import newline_lines, place_sections, scan_sections

TomlTable = dict[str, object]
_HEADER = re.compile(r"\s*\[(?!\[)([^\[\]\n]+)\]\s*(?:#.*)?$")
# `[ \t]*`, not `\s*`: over many blank lines `\s*` made a search quadratic (an attacker's review).
_ARRAY_TABLE = re.compile(r"^[ \t]*\[\[", re.MULTILINE)
_TOP_KEY = re.compile(r"^[ \t]*[^\s#\[]", re.MULTILINE)


def _load(text: str) -> TomlTable | None:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None


def _open(value: str) -> bool:
    """Whether a key's lines so far are no whole value yet (an array or string over lines)."""
    return _load(value) is None


def _typed(value: object) -> object:
    """A value compared with its type: in Python `0 == False`, `1 == 1.0` and `0.0 == -0.0`, so a
    write of `enabled = false` over `enabled = 0` would read as no change (an attacker's review);
    a float by its repr, so `nan` is itself and -0.0 is not 0.0, a date-time with its offset."""
    if isinstance(value, dict):
        return ("table", tuple(sorted((key, _typed(item)) for key, item in value.items())))
    if isinstance(value, list):
        return ("array", tuple(_typed(item) for item in value))
    return (type(value).__name__, repr(value))


def _same(a: str, b: str) -> bool:
    """Whether two TOML texts hold the same values, types and all (both parse)."""
    first, second = _load(a), _load(b)
    return first is not None and second is not None and _typed(first) == _typed(second)


def _table_name(header: str) -> str:
    """A header's table as one name, however it is spelled: `[ a . "b" ]` and `[a.b]` are `a.b`."""
    table = _load(f"[{header}]\n")
    path: list[str] = []
    while table is not None and len(table) == 1:
        key, value = next(iter(table.items()))
        path.append(key)
        table = cast(TomlTable, value) if isinstance(value, dict) else None
    return ".".join(path) if path else header.strip()


def _deep_update(into: TomlTable, update: TomlTable) -> None:
    for key, value in update.items():
        mine = into.get(key)
        if isinstance(mine, dict) and isinstance(value, dict):
            _deep_update(cast(TomlTable, mine), cast(TomlTable, value))
        else:
            into[key] = value


def merged_toml(before: str, fragment: str) -> tuple[str, list[str]] | None:
    """(the file with the fragment's tables put in place, the tables and keys changed) or None when
    the fragment is not unambiguously a part of the file (see the module's docstring)."""
    try:
        return _merged(before, fragment)
    except (RecursionError, MemoryError):  # keys nested thousands deep: not judged
        return None


def _merged(before: str, fragment: str) -> tuple[str, list[str]] | None:
    old, new = _load(before), _load(fragment)
    if old is None or new is None or _ARRAY_TABLE.search(before) or _ARRAY_TABLE.search(fragment):
        return None
    lines, fragment_lines = newline_lines(before), newline_lines(fragment)
    first_header = next((k for k, line in enumerate(fragment_lines) if _HEADER.match(line)), None)
    if first_header is None or _TOP_KEY.search("".join(fragment_lines[:first_header])):
        return None  # a key outside any table: not plainly a part of a table
    file_tables = scan_sections(lines, _HEADER, fold=False, name_of=_table_name, comments=("#",), value_open=_open)
    given = scan_sections(fragment_lines, _HEADER, fold=False, name_of=_table_name, comments=("#",), value_open=_open)
    if not file_tables or set(file_tables) <= set(given):
        return None

    def differs(table: str, key: str) -> bool:
        first, after = file_tables[table].keys[key]
        start, end = given[table].keys[key]
        return not _same("".join(lines[first:after]), "".join(fragment_lines[start:end]))

    placed = place_sections(lines, fragment_lines, file_tables, given, differs)
    if placed is None:
        return None
    text, names = placed
    _deep_update(old, new)
    result = _load(text)
    if result is None or _typed(result) != _typed(old):
        return None
    return text, names
