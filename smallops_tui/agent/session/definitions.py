"""What a file defines, read by a pattern (a Python `def`/`class`, a JavaScript `function`, an exported
name), and the words of a task that may mean to remove what it does not name: shared by the
`dropped` lever (levers/keep.py), which answers an edit that loses a definition, and the GONE check
at `done` (kept_checks.py)."""

from __future__ import annotations

import re

_DEFINITION = re.compile(
    r"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)|^class[ \t]+(\w+)"
    r"|^(?:export[ \t]+)?(?:default[ \t]+)?(?:async[ \t]+)?function\*?[ \t]+(\w+)"
    r"|^export[ \t]+(?:const|let|var|class)[ \t]+(\w+)", re.MULTILINE)
# A task that may mean to remove what it does not name ("remove the unused functions").
REMOVING = re.compile(r"\b(remove|delete|drop|unused|dead|clean|rewrite|replace|refactor|merge|inline|split|move)",
                       re.IGNORECASE)


def definitions(text: str) -> list[str]:
    """The names defined in `text`, in order (functions, classes, exported names)."""
    return [next(g for g in m.groups() if g) for m in _DEFINITION.finditer(text)]
