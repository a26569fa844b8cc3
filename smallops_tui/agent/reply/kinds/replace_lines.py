"""replace_lines (the extended vocabulary): lines start..end, 1-based and inclusive, replaced."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..lines import count, drop_final_newline, line_breaks_as, split_lines, with_newline
from .base import EditAction, EditError


class ReplaceLines(EditAction):
    """Replace lines start..end (1-based, inclusive) with `content`."""

    action: Literal["replace_lines"] = "replace_lines"
    start: int = Field(ge=1)
    end: int = Field(ge=1)
    content: str

    suggested_for = frozenset({"edit_file", "fix_bug", "replace_line"})
    example = {"path": "notes.md", "start": 3, "end": 3, "content": "the first line"}

    def title(self) -> str:
        return f"{self.NAME} {self.path} (lines {self.start}-{self.end})"

    def edited(self, before: str, newline: str) -> str:
        """The new lines take the file's line ending, and a file without a final newline keeps
        having none. Replacing lines with "" deletes them."""
        if self.start > self.end:
            raise EditError(f"start ({self.start}) is after end ({self.end})")
        lines = split_lines(before)
        if self.end > len(lines):
            raise EditError(f"lines {self.start}-{self.end} do not exist: {self.path} has {count(len(lines), 'line')}")
        block = line_breaks_as(with_newline(self.content), newline or "\n")
        ends_open = bool(lines) and not lines[-1].endswith("\n")
        if ends_open and self.end == len(lines):
            block = drop_final_newline(block)
        result = lines[: self.start - 1] + split_lines(block) + lines[self.end:]
        if ends_open and self.end == len(lines) and not block and result:
            result[-1] = drop_final_newline(result[-1])  # the new last line is the last one still
        return "".join(result)
