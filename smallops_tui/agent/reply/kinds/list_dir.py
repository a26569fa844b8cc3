"""list_dir: the model is sent the names in a directory."""

from __future__ import annotations

from typing import Literal

from .base import PathAction


class ListDir(PathAction):
    action: Literal["list_dir"] = "list_dir"

    tool_kind = "read"
    suggested_for = frozenset({"ls", "list_files", "list_directory", "list"})
    returns_text = True
    example = {"path": "."}
