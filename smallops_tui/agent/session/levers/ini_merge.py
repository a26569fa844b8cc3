"""`merge` for an INI file: a write holding only some of its sections, read as those sections changed.

Asked to add a plan and change another's setting, a small model sends back the sections it
touched, the rest left out: `[plan:student] ... [plan:member] ... included_minutes = 45` over a file
of five sections (heldout10's t04, after its first run: every write a HIGH wipe, rejected, to the
step cap). A person reads it as "add the student plan, member's minutes are 45 now". So does this,
where the reading is unambiguous:

- both texts parse as INI (the standard `configparser`: no duplicate section or key, no line before
  the first section), the write names no DEFAULT section, and lacks at least one of the file's
  sections (else it is a whole-file write, taken as written);
- a section the file has gets the write's keys: a changed value's line (with its continuation
  lines) is replaced by the write's, a new key goes after the section's last key; a key the write
  leaves out stays; a section the file lacks goes at the end, as the write has it;
- the file's own lines are kept, comments and blank lines included, so the person's diff is the
  change and nothing else;
- the result reads back to exactly the file's sections updated with the write's, else the write is
  left as it was sent.

A task that renames or takes something out is never merged (merge.py). The texts are parsed,
never evaluated; values are compared as `configparser` reads them (keys case-insensitively).
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Callable
from dataclasses import dataclass, field

_HEADER = re.compile(r"\s*\[([^\]\n]+)\]\s*(?:[#;].*)?$")
# Greedy up to the separator (its spaces stripped after): a lazy run before `\s*` was quadratic on a
# long line with no separator (an attacker's review: minutes for a 200,000-character line).
_KEY = re.compile(r"([^\s#;\[][^=:\n]*)[=:]")
MAX_CHANGES = 200  # lines replaced or added in one merge, at most


@dataclass
class _Section:
    header: int  # the header's line index
    end: int = 0  # the line after the section's last key line (its continuations included)
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)  # lower key -> (first line, line after)


def newline_lines(text: str) -> list[str]:
    """The lines as configparser and tomllib read them, ends kept: broken at "\n" only (not at a
    form feed or U+2028, as str.splitlines would: a key the parser never saw)."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def scan_sections(lines: list[str], header_pattern: re.Pattern[str] = _HEADER, fold: bool = True,
                  name_of: Callable[[str], str] = str.strip, comments: tuple[str, ...] = ("#", ";"),
                  value_open: Callable[[str], bool] = lambda value: False) -> dict[str, _Section]:
    """Each section's header, keys (with their continuation lines) and end, by the lines' shape;
    `fold`: keys compared case-insensitively (INI's), `name_of`: a header's text as its name,
    `comments`: what opens a comment line. An indented comment under a key is no part of its value
    (a changed key's replacement must not take it away; a new key goes after it), unless
    `value_open` says the key's lines so far are an unfinished value (a TOML array over lines)."""
    sections: dict[str, _Section] = {}
    current: _Section | None = None
    last_key: str | None = None
    for index, line in enumerate(lines):
        if header := header_pattern.match(line):
            current = sections[name_of(header.group(1))] = _Section(index, index + 1)
            last_key = None
        elif current is None:
            continue
        elif line[:1] in (" ", "\t") and line.strip() and last_key is not None:
            start, _ = current.keys[last_key]
            if line.lstrip().startswith(comments) and not value_open("".join(lines[start:index])):
                current.end, last_key = index + 1, None  # a comment ends the value
                continue
            current.keys[last_key] = (start, index + 1)
            current.end = index + 1
        elif key := _KEY.match(line):
            last_key = key.group(1).strip().lower() if fold else key.group(1).strip()
            current.keys[last_key] = (index, index + 1)
            current.end = index + 1
        else:
            last_key = None  # a blank line or a comment ends a value
    return sections


def _parse(text: str) -> configparser.ConfigParser | None:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    try:
        parser.read_string(text)
    except (configparser.Error, ValueError):
        return None
    return parser


def _values(parser: configparser.ConfigParser) -> dict[str, dict[str, str]]:
    return {name: dict(parser.items(name, raw=True)) for name in parser.sections()}


def _lines(block: list[str]) -> list[str]:
    return [line if line.endswith("\n") else line + "\n" for line in block]


def place_sections(lines: list[str], fragment_lines: list[str], file_sections: dict[str, _Section],
                   given: dict[str, _Section], differs: Callable[[str, str], bool]) -> tuple[str, list[str]] | None:
    """The file's lines with the fragment's sections put in place: a changed key's lines replaced
    (`differs(section, key)`), a new key after its section's last, a new section at the end; and the
    sections and keys so changed. None past MAX_CHANGES. The caller checks the result reads back."""
    edits: list[tuple[int, int, list[str]]] = []  # (first line, line after, new lines) over the file's lines
    names: list[str] = []
    appended: list[str] = []
    for name, mine in given.items():
        if name not in file_sections:
            appended += ["\n", *_lines(fragment_lines[mine.header:mine.end])]
            names.append(f"[{name}]")
            continue
        section, added = file_sections[name], []
        for key, (start, end) in mine.keys.items():
            if key not in section.keys:
                added += _lines(fragment_lines[start:end])
                names.append(f"{name}.{key}")
            elif differs(name, key):
                first, after = section.keys[key]
                edits.append((first, after, _lines(fragment_lines[start:end])))
                names.append(f"{name}.{key}")
        if added:
            edits.append((section.end, section.end, added))
    if len(edits) + len(appended) > MAX_CHANGES:
        return None
    parts, at = [], 0
    for first, after, new_lines in sorted(edits, key=lambda edit: (edit[0], edit[1])):
        parts += [*lines[at:first], *new_lines]
        at = after
    text = "".join([*parts, *lines[at:]])
    if appended:
        text = (text if text.endswith("\n") or not text else text + "\n") + "".join(appended)
    return text, names


def merged_ini(before: str, fragment: str) -> tuple[str, list[str]] | None:
    """(the file with the fragment's sections put in place, the sections and keys changed) or None
    when the fragment is not unambiguously a part of the file (see the module's docstring)."""
    old, new = _parse(before), _parse(fragment)
    if old is None or new is None or not new.sections() or not old.sections():
        return None
    if old.defaults() or new.defaults() or set(old.sections()) <= set(new.sections()):
        return None
    lines, fragment_lines = newline_lines(before), newline_lines(fragment)
    file_sections, given = scan_sections(lines), scan_sections(fragment_lines)
    if set(file_sections) != set(old.sections()) or set(given) != set(new.sections()):
        return None  # the lines' shape is not what the parser read: not judged
    placed = place_sections(lines, fragment_lines, file_sections, given,
                            lambda name, key: not old.has_option(name, key) or not new.has_option(name, key)
                            or old.get(name, key, raw=True) != new.get(name, key, raw=True))
    if placed is None:
        return None
    text, names = placed
    result = _parse(text)
    expected = _values(old)
    for name, values in _values(new).items():
        expected[name] = {**expected.get(name, {}), **values}
    if result is None or _values(result) != expected:
        return None
    return text, names
