"""replace_text (the edit vocabulary): the one place some exact text occurs, replaced. What models
that abandon the schema invent (`edit_file`, `str_replace`), and it needs no line numbers, which a
1.5B model miscounts."""

from __future__ import annotations

from typing import Literal

from ..lines import line_breaks_as
from .base import PATH_ALIASES, EditAction, EditError


class ReplaceText(EditAction):
    """Replace the one place `old` occurs in the file (exactly, once) with `new`."""

    action: Literal["replace_text"] = "replace_text"
    old: str
    new: str

    suggested_for = frozenset({"edit_file", "fix_bug", "patch_file", "modify_file", "update_file", "str_replace",
                               "replace", "search_replace", "replace_in_file", "edit"})
    field_aliases = {
        **PATH_ALIASES,
        "old_text": "old", "old_string": "old", "search": "old", "find": "old", "original": "old",
        "new_text": "new", "new_string": "new", "replacement": "new", "replace": "new",
    }
    example = {"path": "notes.md", "old": "first line", "new": "the first line"}

    def edited(self, before: str, newline: str) -> str:
        """EditError with a plain sentence when `old` occurs nowhere or more than once (the model
        then knows what to send instead)."""
        if self.old == "":
            raise EditError(f"old is empty: {self.NAME} needs the exact text to replace")
        old, new = line_breaks_as(self.old, newline), line_breaks_as(self.new, newline)
        found = before.count(old)
        if found == 1:
            return before.replace(old, new, 1)
        shown = self.old if len(self.old) <= 80 else self.old[:77] + "..."
        if found == 0:
            near = " (it does with other spaces or line breaks: copy the text exactly)" \
                if _squeezed(self.old) and _squeezed(self.old) in _squeezed(before) else ""
            raise EditError(f"the text {shown!r} does not occur in {self.path}{near}; read the file and copy the "
                            "exact text to replace")
        raise EditError(f"the text {shown!r} occurs {found} times in {self.path}; include more of the lines around "
                        "it so that it names one place")


def _squeezed(text: str) -> str:
    return " ".join(text.split())
