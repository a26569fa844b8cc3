"""NOT IMPORTED: the task asks for files to import something from a module ("keep a single copy in a
new module, detecting/periods.py, and have the others import it from there"), and a file it names
does not import from that module.

heldout25's j11: the model wrote detecting/periods.py with the list, changed none of the three
modules that each wrote it out, and said done; every test passed (the copies still worked) and no
check spoke. A person opens each module the task names and looks for the import.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Iterable

from ..files.scanned import scanned_texts
from ..files.workspace import Workspace
from .project_tests import is_test_path
from .task_checks import spelled_files

# "… import it from there", "import them in bookings.py from there", "gets Cue from there"
_FROM_THERE = re.compile(r"\b(?:import|imports|importing|gets?|getting)\b(?:[^.;\n]|\.(?=\w)){0,60}?\bfrom\s+(?:there|it|that)\b",
                         re.IGNORECASE)
# The module the import is to come from: the file the sentence moves to ("into a new module X", "to X").
_TARGET_BEFORE = re.compile(r"\b(?:into|in|to)\s+(?:(?:a|the|its|their)\s+)?(?:(?:new|own|single|separate)\s+)*"
                            r"(?:module|file)?[\s,`'\"]*$", re.IGNORECASE)


def import_target(task: str) -> str | None:
    """The Python file the task asks others to import from, spelled out before "from there"."""
    found = _FROM_THERE.search(task)
    if found is None:
        return None
    before = task[:found.start()]
    targets = [m for m in re.finditer(r"(?<![\w./-])[\w./-]+\.py(?![\w/-])", before)
               if _TARGET_BEFORE.search(before[max(0, m.start() - 40):m.start()])]
    return targets[-1].group(0) if targets else None


def _imports(source: str, module: str) -> bool | None:
    """Whether the code imports from `module` (its last name, however spelled: `from .periods import`,
    `from detecting.periods import`, `from . import periods`, `import detecting.periods`)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.module and node.module.split(".")[-1] == module:
                return True
            if any(alias.name == module for alias in node.names):
                return True
        elif isinstance(node, ast.Import) and any(alias.name.split(".")[-1] == module for alias in node.names):
            return True
    return False


def not_imported(task: str, workspace: Workspace, baseline: Iterable[str], files: Iterable[str]) -> list[str]:
    """`baseline`: the files at the start; `files`: the files now."""
    target = import_target(task)
    present = set(files)
    if target is None or target not in present:
        return []  # no target, or none made (NOT ADDED speaks of a name the task asks to add)
    texts = dict(scanned_texts(workspace, [rel for rel in spelled_files(task) if rel.endswith(".py") and rel in present]))
    module = posixpath.basename(target).removesuffix(".py")
    had = set(baseline)
    others = [rel for rel in dict.fromkeys(spelled_files(task)) if rel != target and rel.endswith(".py")
              and rel in had and not is_test_path(rel) and rel in texts]
    left = [rel for rel in others if _imports(texts[rel], module) is False]
    if not left:
        return []
    return [f"{', '.join(left)} {'does' if len(left) == 1 else 'do'} not import from {target}, as the task asks"]
