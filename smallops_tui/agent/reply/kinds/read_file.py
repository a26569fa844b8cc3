"""read_file: the model is sent a file's text (its beginning, when it is too large)."""

from __future__ import annotations

from typing import Literal

from .base import PathAction


class ReadFile(PathAction):
    action: Literal["read_file"] = "read_file"

    tool_kind = "read"
    suggested_for = frozenset({"open_file", "view_file", "cat", "read", "show_file"})
    returns_text = True
    example = {"path": "notes.md"}
