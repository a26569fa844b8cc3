"""Unified diffs of two versions of a file, as git writes them (a missing final newline marked),
with the counts and the line diff the views and the risk rules share."""

from __future__ import annotations

from dataclasses import dataclass

import unicodedata

from .linediff import group_opcodes, line_opcodes, split_lines

# Characters a file name may hold that would start a line of their own, or hide or reorder text:
# control characters, line and paragraph separators, and format characters (bidi, zero-width).
_HIDING = frozenset({"Cc", "Zl", "Zp", "Cf"})
_C_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", '"': '\\"'}


def escaped_name(name: str) -> str:
    """`name` with what would hide or move text escaped (`\\n`, `\\t`, `\\x1b`, `\\u202e`), and
    nothing else changed: a name a command made (`notes\\n+++ b/main.py`) listed as one line."""
    if name.isprintable():
        return name
    return "".join(_C_ESCAPES.get(c, f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
                   if unicodedata.category(c) in _HIDING else c for c in name)


def header_name(name: str) -> str:
    """`name` (with its a/ or b/ prefix) as a unified diff header gives it: as it is when plain,
    else quoted as git quotes it (`"b/notes\\n+++ b/main.py"`), so it can never start a line."""
    if name.isprintable() and '"' not in name and "\\" not in name:
        return name
    return '"' + "".join(_C_ESCAPES.get(c, c) if c in _C_ESCAPES else escaped_name(c) for c in name) + '"'


@dataclass(frozen=True)
class FileDiff:
    path: str
    unified: str
    added: int
    removed: int
    opcodes: tuple[tuple[str, int, int, int, int], ...] = ()  # over split_lines() of both sides

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)


def _range(start: int, stop: int) -> str:
    """A unified-diff range, as difflib writes it."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


def diff_texts(before: str | None, after: str | None, path: str = "file", context: int = 3) -> FileDiff:
    """Unified diff of two versions of a file (None = absent) with added/removed line counts."""
    old, new = split_lines(before or ""), split_lines(after or "")
    opcodes = line_opcodes(old, new)
    out: list[str] = []
    added = removed = 0
    groups = group_opcodes(opcodes, context)
    if groups:
        # A name is quoted when it holds a newline or anything hidden: it cannot start a line of its own.
        out.append(f"--- {header_name(f'a/{path}') if before is not None else '/dev/null'}\n")
        out.append(f"+++ {header_name(f'b/{path}') if after is not None else '/dev/null'}\n")
    for group in groups:
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out.extend(" " + line for line in old[i1:i2])
                continue
            out.extend("-" + line for line in old[i1:i2])
            out.extend("+" + line for line in new[j1:j2])
            removed += i2 - i1
            added += j2 - j1
    lines = []
    for line in out:
        if not line.endswith("\n"):
            # Same marker as git, so a missing final newline is visible rather than silent.
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return FileDiff(path, "".join(lines), added, removed, tuple(opcodes))
