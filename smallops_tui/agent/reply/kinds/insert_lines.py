"""insert_lines (the extended vocabulary): lines put after line N (0: at the top)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..lines import count, drop_final_newline, line_breaks_as, split_lines, with_newline
from .base import EditAction, EditError


class InsertLines(EditAction):
    """Insert `content` after line `after` (0 inserts at the top)."""

    action: Literal["insert_lines"] = "insert_lines"
    after: int = Field(ge=0)
    content: str

    suggested_for = frozenset({"insert_line"})
    example = {"path": "notes.md", "after": 2, "content": "a new first line"}

    def title(self) -> str:
        return f"{self.NAME} {self.path} (after line {self.after})"

    def edited(self, before: str, newline: str) -> str:
        """The new lines take the file's line ending; after a last line without one, that line gets
        one and the new block goes without."""
        lines = split_lines(before)
        if self.after > len(lines):
            raise EditError(f"cannot insert after line {self.after}: {self.path} has {count(len(lines), 'line')}")
        # Inserting "" means inserting one empty line (what else could it mean?): a small model asked
        # for a blank line writes exactly that.
        block = line_breaks_as(with_newline(self.content or "\n"), newline or "\n")
        head = lines[: self.after]
        if bool(lines) and not lines[-1].endswith("\n") and self.after == len(lines) and head:
            head[-1] += newline or "\n"
            block = drop_final_newline(block)
        return "".join(head + split_lines(block) + lines[self.after:])
