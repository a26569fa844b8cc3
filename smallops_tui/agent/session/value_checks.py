"""STILL THERE, for an old value with its unit that the task replaces and a changed file still says.

"A senior session can take at most 20 judoka instead of 24" (heldout23's d02 kit): the constant
changed to 20, and the message beside it still read "full (24 judoka)"; every test passed (none
reads the message) and no check spoke. A person reads the old value, with the word it counts,
where the change was made, and in the README.

Only a value the task writes with a word after it ("20 judoka instead of 24", "from 90 minutes to
120 minutes") is read: a bare number, a time or a percentage may stand for something else in the
same file (a cancellation fee of 25% beside a deposit raised from 25% to 30%).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..files.scanned import is_readme, scanned_texts
from ..files.workspace import Workspace

_NUMBER = r"\d+(?:\.\d+)?"
_UNIT = r"([A-Za-z][A-Za-z-]{1,30})"
# "20 judoka instead of 24", "at most 20 judoka rather than 24"
_NEW_INSTEAD = re.compile(rf"\b({_NUMBER})\s+{_UNIT}\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+({_NUMBER})\b(?!\s*[:.]\d)")
# "from 24 judoka to 20", "from 90 minutes to 120 minutes"
_FROM_TO = re.compile(rf"\bfrom\s+({_NUMBER})\s+{_UNIT}\s+to\s+({_NUMBER})\b(?!\s*[:.]\d)")
_NOT_UNITS = frozenset("""a an the to of per in on at and or for from instead rather than by with as is are was be it
its now then each every all any no not this that these those until till after before""".split())


def old_values(task: str) -> list[tuple[str, str, str]]:
    """(old value, new value, unit) the task replaces, written with a unit word."""
    found = []
    for match in _NEW_INSTEAD.finditer(task):
        new, unit, old = match.group(1), match.group(2), match.group(3)
        found.append((old, new, unit))
    for match in _FROM_TO.finditer(task):
        old, unit, new = match.group(1), match.group(2), match.group(3)
        found.append((old, new, unit))
    return [(old, new, unit) for old, new, unit in found if unit.lower() not in _NOT_UNITS and old != new][:4]


def values_left(task: str, workspace: Workspace, first_texts: Mapping[str, str], modified: Sequence[str],
                files: Sequence[str]) -> list[str]:
    """Sentences for each old value (with its unit) still written in a file the session changed, or
    in a README, where it was at the start."""
    wanted = old_values(task)
    if not wanted or not modified:
        return []
    readmes = [rel for rel in files if is_readme(rel)]
    said = []
    for old, _new, unit in wanted:
        pattern = re.compile(rf"(?<![\w.]){re.escape(old)}\s+{re.escape(unit)}", re.IGNORECASE)
        was_there = [rel for rel in dict.fromkeys([*modified, *readmes])
                     if rel in first_texts and pattern.search(first_texts[rel])]
        where = [rel for rel, text in scanned_texts(workspace, was_there) if pattern.search(text)]
        if where:
            said.append(f"'{old} {unit}', the value the task replaces, is still in {', '.join(where[:4])}")
    return said
