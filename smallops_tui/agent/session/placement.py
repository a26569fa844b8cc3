"""Where a task says new lines go, and whether an edit put them there.

Small models place insertions badly: asked for a blank line "at the end of file.txt", a 1.5B model
added it at the top; asked for a comment "directly above the print line", it put the comment on line
1, and then claimed, truthfully as far as it could tell, that it was done. A task that names one
place for one insertion ("at the end", "at the top", "above/below/before/after the X line") is read
here; an edit (or the session's net change) that adds one block of lines somewhere else is a
misplacement: a guard flag beside the edit and the `done`, and, with the `placement` lever, an answer
to the model before the person sees it.

Only what is said plainly is judged: a task with several places, or none, and an edit that does more
than insert one block, are left alone (a wrong flag would be worse than none).
"""

from __future__ import annotations

import difflib
import posixpath
import re
from dataclasses import dataclass
from typing import Literal

Where = Literal["end", "start", "before", "after"]


@dataclass(frozen=True)
class Place:
    where: Where
    anchor: str = ""  # the word that names the line ("print" in "the print line"), for before/after

    def describe(self) -> str:
        if self.where in ("end", "start"):
            return f"at the {self.where} of the file"
        return f"{'directly above' if self.where == 'before' else 'directly below'} the line with {self.anchor!r}"


_ANCHOR = r"[\"'`]?([\w.()\[\]:= -]{1,40}?)[\"'`]?"
_QUOTED = r"[\"'`]?([^\"'`\n]{1,60}?)[\"'`]?"  # what the line holds, after "the line with"
# What "the end of" / "the top of" names as a place for lines: a file, not "the end of their name"
# (heldout32's aa05: "animals lose the end of their name" read as "at the end of the file"), "at the end
# of the week", nor a part of a file ("at the end of the function total": a review).
_DOC = r"(?:it|(?:the\s+|this\s+|that\s+|its\s+)?(?:file|document|readme|module|script|config|" \
       r"[\w./-]+\.\w{1,8}))\b"
_CLOSE = r"(?=\.\s|\.?$|[,;]|\s+(?:in|of|and)\s)"
_PLACES: tuple[tuple[Where, re.Pattern[str]], ...] = (
    ("end", re.compile(rf"\b(?:at|to) the (?:very )?end\b(?!\s+of\b)|\bend of {_DOC}|\bappend", re.I)),
    ("start", re.compile(rf"\b(?:at|to) the (?:very )?(?:top|start|beginning)\b(?!\s+of\b)|\b(?:top|start|beginning) of "
                         rf"{_DOC}", re.I)),
    ("before", re.compile(rf"\b(?:above|before) the {_ANCHOR} line\b", re.I)),
    ("before", re.compile(rf"\b(?:above|before) the line (?:with|containing|that says|reading) {_QUOTED}{_CLOSE}", re.I)),
    ("after", re.compile(rf"\b(?:below|after|under) the {_ANCHOR} line\b", re.I)),
    ("after", re.compile(rf"\b(?:below|after|under) the line (?:with|containing|that says|reading) {_QUOTED}{_CLOSE}",
                         re.I)),
)


# "above the first line" names the start, "below the last line" the end; other words that describe
# a line rather than quote it ("the next line", "a new line") name no place we can check.
_ORDINALS: dict[str, Where] = {"first": "start", "top": "start", "last": "end", "bottom": "end", "final": "end"}
_NOT_ANCHORS = frozenset({"next", "previous", "same", "new", "empty", "blank", "other", "following", "one", "that",
                          "this", "second", "third"})


def task_place(task: str) -> Place | None:
    """The one place the task names for new lines, or None (no place, or more than one)."""
    found: list[Place] = []
    for where, pattern in _PLACES:
        for match in pattern.finditer(task):
            anchor = match.group(1).strip().strip("()") if where in ("before", "after") else ""
            if anchor.lower() in _ORDINALS:
                found.append(Place(_ORDINALS[anchor.lower()]))
            elif anchor.lower() in _NOT_ANCHORS or (where in ("before", "after") and not anchor):
                return None
            else:
                found.append(Place(where, anchor))
    return found[0] if len(set(found)) == 1 else None


def inserted_at(before: str, after: str) -> int | None:
    """The line index (0-based, in `before`) where `after` inserts its one block of lines, when the
    change is exactly one inserted block; None for anything else."""
    old, new = before.splitlines(), after.splitlines()
    if before and after.startswith(before) and after[len(before):].strip("\n") == "" and after != before:
        return len(old)  # only line breaks added at the end (a blank line), which splitlines hides
    blocks = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(blocks) != 1 or blocks[0][0] != "insert":
        return None
    return blocks[0][1]


_FILE_NAME = re.compile(r"[\w./-]+\.\w{1,8}\b")
# A task that asks to add lines somewhere: one that also says to remove or replace is left alone.
_ADDS = re.compile(r"\b(add|insert|append|put|prepend)\b", re.I)
_TAKES_AWAY = re.compile(r"\b(remove|delete|replace|rewrite|change|move|fix|rename|drop|clean)\w*", re.I)
# "change nothing else", "do not change the print line": what a task forbids is not what it asks.
_FORBIDS = re.compile(r"\b(?:do not|don't|never|without)\b[^.,;]*|\b\w+ nothing(?: else)?\b", re.I)


def only_adds(task: str) -> bool:
    asked = _FORBIDS.sub("", task)
    return bool(_ADDS.search(asked)) and not _TAKES_AWAY.search(asked)


def removed_lines(before: str, after: str) -> list[str]:
    """The lines of `before` with text that `after` no longer has (blank lines do not count)."""
    old, new = before.splitlines(), after.splitlines()
    gone = []
    for op, i1, i2, _, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op in ("delete", "replace"):
            gone += [line for line in old[i1:i2] if line.strip()]
    return gone


def misplaced(task: str, path: str, before: str | None, after: str) -> str | None:
    """Why an insertion into `path` is not where the task said, or None (it is, or nothing plain can
    be said: no one place named, another file named, more than one block changed)."""
    place = task_place(task)
    if place is None or before is None or not before:
        return None
    named = {posixpath.basename(name) for name in _FILE_NAME.findall(task)}
    if named and posixpath.basename(path) not in named:
        return None  # the place the task names is in another file
    at = inserted_at(before, after)
    if at is None:
        gone = removed_lines(before, after) if only_adds(task) else []
        if not gone:
            return None
        lines = "1 line" if len(gone) == 1 else f"{len(gone)} lines"
        return (f"the task asks only to add lines {place.describe()}, and the edit removes {lines} that were there "
                f"({gone[0].strip()[:60]!r})")
    old = before.splitlines()
    anchored = [i for i, line in enumerate(old) if place.anchor.lower() in line.lower()] if place.anchor else []
    if place.anchor and not anchored:
        return None  # no line of the file holds what the task names: nothing plain to say
    if place.where == "end":
        ok, target = at == len(old), f"after line {len(old)}, the last"
    elif place.where == "start":
        ok, target = at == 0, "before line 1"
    elif place.where == "before":
        ok, target = at in anchored, _line(old, anchored[0], "above")
    else:
        ok, target = at - 1 in anchored, _line(old, anchored[0], "below")
    if ok:
        return None
    where = "at the end" if at == len(old) else f"above line {at + 1} ({old[at].strip()[:60]!r})"
    return f"the task asks for new lines {place.describe()}, that is {target}; they were added {where}"


def _line(lines: list[str], index: int, side: str) -> str:
    return f"{side} line {index + 1} ({lines[index].strip()[:60]!r})"
