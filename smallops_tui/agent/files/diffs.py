"""Unified diffs of two versions of a file, as git writes them (a missing final newline marked),
with the counts and the line diff the views and the risk rules share."""

from __future__ import annotations

from dataclasses import dataclass

from .linediff import group_opcodes, line_opcodes, split_lines
from .visible import diff_header_path


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
        out.append(f"--- {diff_header_path(f'a/{path}') if before is not None else '/dev/null'}\n")
        out.append(f"+++ {diff_header_path(f'b/{path}') if after is not None else '/dev/null'}\n")
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
