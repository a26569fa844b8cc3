"""UNUSED, for a function the session added that the task asks to be used, and nothing calls.

A refactor ("pull that into one function called extras and have both quotes use it") or a helper
asked for with its callers ("make invoice.py use it instead of formatting the amounts itself") is
half done when the new function is defined and the old code left as it was: the tests pass (the
behaviour never changed) and the done reads right. heldout19's q10 kit held that answer
(`extras` added above two quotes that still did their own sums) and no check spoke.

Read from the task's words and the code, never from a task's answer: the new top-level functions
of the Python files the session changed or made, undecorated (a decorator may register it), whose
name no code file other than a test names again outside its own definition. A file that does not
parse is not judged.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from .project_tests import is_test_path

# What asks for a new function to be used, not only defined.
_ASKS_USE = re.compile(
    r"\b(?:use|uses|using|call|calls|calling)\s+(?:it|them|that|this|the\s+(?:new|one|same|shared)|one|a\s+single)\b"
    r"|\b(?:have|make|let|get)\s+(?:[\w`().,/-]+\s+){1,8}?(?:use|call)\b"
    r"|\binstead\s+of\b|\bin\s+place\s+of\b|\bpull\b|\bfold\b|\bextract|\bfactor\b|\bdeduplicat|\bduplicat"
    r"|\brepeated\b|\bcopies\b|\bshared\s+helper\b",
    re.IGNORECASE)


def asks_use(task: str) -> bool:
    return _ASKS_USE.search(task) is not None


def _top_functions(text: str) -> dict[str, bool] | None:
    """{name: decorated} of a module's top-level functions, or None when it does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return {node.name: bool(node.decorator_list) for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def unused_helpers(task: str, first_texts: Mapping[str, str], changed: Mapping[str, str],
                   code: Mapping[str, str]) -> list[str]:
    """Sentences for each function new in `changed` (path -> text now; `first_texts` the start's)
    that no code file in `code` (path -> text, the workspace's) other than a test names outside its
    definition, when the task asks for it to be used."""
    if not asks_use(task):
        return []
    said: list[str] = []
    for rel, text in changed.items():
        if not rel.endswith(".py") or is_test_path(rel):
            continue
        now = _top_functions(text)
        before = _top_functions(first_texts.get(rel, "")) or {}
        if now is None:
            continue
        for name, decorated in now.items():
            if name in before or decorated or name.startswith("__") or name == "main":
                continue
            word = re.compile(rf"(?<![\w.]){re.escape(name)}\b|\.{re.escape(name)}\b")
            uses = sum(len(word.findall(other)) for path, other in code.items() if not is_test_path(path))
            if uses <= 1:  # its own `def` line
                said.append(f"{name}, added to {rel}, is called nowhere in the code; the task asks for it to be used")
    return said[:4]
