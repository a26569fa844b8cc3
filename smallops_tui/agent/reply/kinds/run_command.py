"""run_command: a shell command, run in the sandbox once approved; the model is sent its output."""

from __future__ import annotations

from typing import Literal

from .base import ActionKind


class RunCommand(ActionKind):
    action: Literal["run_command"] = "run_command"
    command: str

    tool_kind = "execute"
    suggested_for = frozenset({"delete_file", "remove_file", "copy_file", "move_file", "execute", "run", "shell",
                               "bash", "exec", "run_tests", "python"})
    field_aliases = {"cmd": "command", "shell": "command"}
    returns_text = True
    example = {"command": "wc -l notes.md"}

    def title(self) -> str:
        return f"{self.NAME}: {self.command}"
