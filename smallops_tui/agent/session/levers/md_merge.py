"""`mergedocs`: a whole-file write of a Markdown file holding only some of its sections, read as
those sections changed or added.

Asked for an "Exit status" section in README.md that matches the command line (heldout16's z11),
a small model sends the section alone as the whole file; the risk rules call that a wipe of 22 of
the README's 31 lines (HIGH), approve-non-high refuses it, and the model sends it again. The
README and CHANGELOG chores of the held-out sets went that way. A person reads such a write as
"this section, new or changed"; so does this, where the reading is unambiguous:

- the write begins with a heading of level 2 or deeper (`## Exit status`), has no level-1 heading
  (a title: then it is the whole document), and no two of its sections share a heading;
- the file has headings, and the write lacks at least one of the file's sections (else it is a
  whole-file write, taken as written);
- a section the file has (the same heading, case and spaces aside, at the same level) is replaced
  by the write's, up to the next heading of the same or a higher level (one that differs from it
  only in blank lines and the spaces at its lines' ends is left as it is); a new one goes after the
  file's last section, or, where the file's sections of that level are versions (`## [1.4.0]`,
  `## v2.1`: a changelog, newest first), before the first of them;
- headings inside fenced code blocks are no headings.

The texts are read as lines, never rendered or evaluated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .ini_merge import newline_lines

# The closing #s and the spaces at the end are taken off in _heading, not here: a lazy title followed
# by optional runs of blanks made a match quadratic over a long line of spaces (hostile input).
_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+([^\n]*)\n?")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_VERSION = re.compile(r"\[?v?\d+(?:\.\d+)+")


@dataclass(frozen=True)
class _Section:
    level: int
    key: str  # the heading's text, lower case, spaces folded
    start: int  # the heading's line
    end: int  # the line after the section's last (its subsections included)


def _key(title: str) -> str:
    return " ".join(title.lower().split())


def _heading(line: str) -> tuple[int, str] | None:
    """An ATX heading's level and text (its closing #s, if a blank precedes them, taken off)."""
    found = _HEADING.fullmatch(line)
    if found is None:
        return None
    title = found.group(2).rstrip("\r").rstrip(" \t")
    bare = title.rstrip("#")
    if bare != title and (not bare or bare[-1] in " \t"):
        title = bare.rstrip(" \t")
    return len(found.group(1)), title


def _sections(lines: list[str]) -> list[_Section]:
    """The document's sections, in order (a subsection is also inside its parent's span)."""
    headings: list[tuple[int, str, int]] = []
    fence = ""
    for index, line in enumerate(lines):
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
            continue
        if opened:
            fence = opened.group(1)
            continue
        if (heading := _heading(line)) is not None:
            headings.append((heading[0], _key(heading[1]), index))
    found = []
    for k, (level, key, start) in enumerate(headings):
        end = next((other for lvl, _, other in headings[k + 1:] if lvl <= level), len(lines))
        found.append(_Section(level, key, start, end))
    return found


def merged_markdown(before: str, fragment: str) -> tuple[str, list[str]] | None:
    """The file with the fragment's sections put in place and the headings of those placed, or None
    where the write is no section fragment (see the module's docstring)."""
    lines, parts = newline_lines(before), newline_lines(fragment)
    eol = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"  # the lines merge.py hands over
    head = next((line for line in parts if line.strip()), "")
    first = _heading(head)
    if first is None or first[0] < 2:
        return None
    written, have = _sections(parts), _sections(lines)
    if not have or any(part.level == 1 for part in written):
        return None
    top = min(part.level for part in written)
    # The write's sections at its top level are what it puts in place (their subsections ride along).
    placed = [part for part in written if part.level == top]
    if len({part.key for part in placed}) != len(placed) or parts[:placed[0].start] and any(
            line.strip() for line in parts[:placed[0].start]):
        return None
    in_file = {(part.level, part.key): part for part in have}
    if {(p.level, p.key) for p in placed} >= {(p.level, p.key) for p in have if p.level == top}:
        return None  # every section of that level is there: a whole rewrite of them, as written
    result = list(lines)
    # Replace from the bottom up, so the line numbers of what is above stay true.
    replacing = sorted(((in_file[(p.level, p.key)], p) for p in placed if (p.level, p.key) in in_file),
                       key=lambda pair: pair[0].start, reverse=True)
    for old, new in replacing:
        if _text(parts[new.start:new.end]) == _text(lines[old.start:old.end]):
            continue  # the section as it is, its blank lines aside: no change (heldout16's z11 sent it so)
        result[old.start:old.end] = _with_break(parts[new.start:new.end], old.end < len(lines), eol)
    fresh = [p for p in placed if (p.level, p.key) not in in_file]
    if fresh:
        block = [line for k, p in enumerate(fresh)
                 for line in _with_break(parts[p.start:p.end], k < len(fresh) - 1, eol)]
        result = _insert(result, block, top, eol)
    return "".join(result), [parts[p.start].strip() for p in placed]


def _text(block: list[str]) -> list[str]:
    """A section's lines that hold text, their spaces at the ends aside."""
    return [line.strip() for line in block if line.strip()]


def _with_break(block: list[str], followed: bool, eol: str) -> list[str]:
    """A section's lines, ending in a line break and, where another section follows, a blank line."""
    block = list(block)
    while block and not block[-1].strip():
        block.pop()
    if not block:
        return block
    if not block[-1].endswith("\n"):
        block[-1] += eol
    return [*block, eol] if followed else block


def _insert(lines: list[str], block: list[str], level: int, eol: str) -> list[str]:
    """New sections at `level`: before the first version section of that level (a changelog's
    newest entry goes on top), else after the document's last line."""
    versions = [part for part in _sections(lines) if part.level == level and _VERSION.match(part.key)]
    if versions and all(_VERSION.match(line.lstrip("# ").lower()) for line in block[:1]):
        at = versions[0].start
        return [*lines[:at], *block, eol, *lines[at:]]
    body = list(lines)
    while body and not body[-1].strip():
        body.pop()
    if body and not body[-1].endswith("\n"):
        body[-1] += eol
    return [*body, eol, *block] if body else block
