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
        if found == 0 and (shifted := _reindented(before, old, new, newline)) is not None:
            return shifted
        shown = self.old if len(self.old) <= 80 else self.old[:77] + "..."
        if found == 0:
            near = " (it does with other spaces or line breaks: copy the text exactly)" \
                if _squeezed(self.old) and _squeezed(self.old) in _squeezed(before) else ""
            raise EditError(f"the text {shown!r} does not occur in {self.path}{near}; read the file and copy the "
                            "exact text to replace")
        raise EditError(f"the text {shown!r} occurs {found} times in {self.path}; include more of the lines around "
                        "it so that it names one place")


def _reindented(before: str, old: str, new: str, newline: str) -> str | None:
    """`before` with the one run of whole lines that reads as `old` but for its indentation (each
    line shifted alike) replaced by `new`, shifted the same; None when no one such run exists. A
    model copies a method's lines without their class's indentation, or with two spaces for four;
    the person still sees and approves the exact diff."""
    wanted = old.strip("\n").split("\n")
    lines = before.split(newline)
    if not any(line.strip() for line in wanted):
        return None
    first = next(i for i, line in enumerate(wanted) if line.strip())
    runs = []
    for start in range(len(lines) - len(wanted) + 1):
        window = lines[start:start + len(wanted)]
        pairs = list(zip(window, wanted, strict=True))
        if all(a.strip() == b.strip() for a, b in pairs):
            shift = _indent(window[first]), _indent(wanted[first])
            if all(not b.strip() or _indent(a).removeprefix(shift[0]) == _indent(b).removeprefix(shift[1])
                   for a, b in pairs):
                runs.append((start, shift))
    if len(runs) != 1:
        return None
    start, (has, wrote) = runs[0]
    moved = [has + line.removeprefix(wrote) if line.strip() else line
             for line in new.strip("\n").split("\n")] if new.strip("\n") else []
    return newline.join(lines[:start] + moved + lines[start + len(wanted):])


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip())]


def _squeezed(text: str) -> str:
    return " ".join(text.split())
