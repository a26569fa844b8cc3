"""write_file: the whole file, written as sent (created when it does not exist)."""

from __future__ import annotations

from typing import Literal

from ..lines import line_breaks_as
from .base import EditAction


class WriteFile(EditAction):
    action: Literal["write_file"] = "write_file"
    content: str

    creates = True
    suggested_for = frozenset({"fix_bug", "edit_file", "create_file", "update_file", "modify_file", "append_file",
                               "save_file", "patch_file", "write"})
    example = {"path": "notes.md", "content": "# Notes\n\nrewritten\n"}

    def edited(self, before: str, newline: str) -> str:
        # Over an existing file the content's line breaks are written as the file writes them.
        return line_breaks_as(self.content, newline)
