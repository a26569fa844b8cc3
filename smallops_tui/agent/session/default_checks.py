"""STILL THERE, for a default the task changes that the project still sets or states somewhere.

"Our drinks should now be made at 70% sweetness by default instead of 100%. Please change the
default everywhere it's set or written down" (heldout25's j02 kit): answers that changed the
function's default and left the dataclass field at 100, or the docstring's "defaults to 100", or the
README's "it defaults to 100%", passed every test, and no check spoke. A person looks where the old
default is set (a parameter or field named for what it sets) and where it is written down.

Only what was there at the start and is there still is said, so a line the session wrote ("it used to
default to 100") is never held against it; and only a setting named for what the task says the
default is of (`sweetness=100` for "70% sweetness"), so another default of the same number is no flag.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping

from ..files.scanned import scanned_texts
from .definitions import python_tree
from ..files.workspace import Workspace

_NUMBER = r"\d+(?:\.\d+)?"
_PERCENT = r"(?:\s*%|\s+per\s*cent)?"
# "70% sweetness by default instead of 100%", "a default of 30 seconds rather than 20"
_INSTEAD = re.compile(rf"(?<![\w.])({_NUMBER}){_PERCENT}((?:\s+[A-Za-z-]+){{0,4}}?)\s+(?:instead\s+of|rather\s+than|"
                      rf"in\s+place\s+of)\s+({_NUMBER})(?![\d])", re.IGNORECASE)
# "the default sweetness from 100% to 70%", "default timeout from 30 to 60 seconds"
_FROM_TO = re.compile(rf"\bfrom\s+({_NUMBER}){_PERCENT}((?:\s+[A-Za-z-]+){{0,2}}?)\s+to\s+({_NUMBER})(?![\d])",
                      re.IGNORECASE)
_DEFAULT = re.compile(r"\bdefault", re.IGNORECASE)
_AFTER_DEFAULT = re.compile(r"\bdefault(?:s|ed)?\s+([A-Za-z_][\w-]*)", re.IGNORECASE)
_NOT_SUBJECTS = frozenset("""default defaults defaulted instead rather than place from with each every value values
should would could must please change changed made make makes about around there their them then when where which
that this these those what your ours into onto over under only just also everywhere anywhere wherever
setting settings number""".split())
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n[ \t]*\n")
_TEXT_SUFFIXES = (".py", ".md", ".rst", ".txt", ".cfg", ".ini", ".toml")
SHOWN = 4


def default_change(task: str) -> tuple[str, str, frozenset[str]] | None:
    """(old, new, the words naming what the default is of) when the task changes a default."""
    if not _DEFAULT.search(task):
        return None
    for pattern, old_group, new_group in ((_INSTEAD, 3, 1), (_FROM_TO, 1, 3)):
        for match in pattern.finditer(task):
            old, new = match.group(old_group), match.group(new_group)
            if float(old) == float(new):
                continue
            # The words after the new value, after "default", and just before the new value ("set
            # retries to 5 instead of 3 by default").
            before = re.split(r"[.!?;:,]", task[:match.start()])[-1].split()[-3:]
            words = [*match.group(2).split(), *_AFTER_DEFAULT.findall(task), *before]
            subjects = frozenset(w.lower().strip("-") for w in words
                                 if len(w) >= 4 and w.lower() not in _NOT_SUBJECTS)
            if subjects:
                return old, new, subjects
    return None


def _names_subject(name: str, subjects: frozenset[str]) -> bool:
    lowered = name.lower()
    return any(subject in lowered or (len(lowered) >= 4 and lowered in subject) for subject in subjects)


def _is_number(node: ast.expr | None, old: float) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value == old


def _settings(source: str, old: float, subjects: frozenset[str]) -> set[str]:
    """Where Python code sets the old default for the subject: a parameter's default, a class
    field's value, or a module constant named DEFAULT_…; each as `where: name=value`."""
    tree = python_tree(source)
    if tree is None:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            positional = [*node.args.posonlyargs, *node.args.args]
            pairs = [*zip(positional[len(positional) - len(node.args.defaults):], node.args.defaults, strict=True),
                     *zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)]
            found.update(f"{node.name}(): {arg.arg}={_shown(default)}" for arg, default in pairs
                         if _is_number(default, old) and _names_subject(arg.arg, subjects))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) \
                        and _is_number(item.value, old) and _names_subject(item.target.id, subjects):
                    found.add(f"{node.name}.{item.target.id} = {_shown(item.value)}")
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and _is_number(statement.value, old):
            found.update(f"{target.id} = {_shown(statement.value)}" for target in statement.targets
                         if isinstance(target, ast.Name) and "default" in target.id.lower()
                         and _names_subject(target.id, subjects))
    return found


def _shown(node: ast.expr | None) -> str:
    return ast.unparse(node) if node is not None else ""


def _prose(rel: str, text: str) -> str:
    """What a person reads as prose in a file: of Python, its docstrings and comments (the code's
    lines would run a docstring's last sentence on into the code after it)."""
    if not rel.endswith(".py"):
        return text
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    docstrings = [ast.get_docstring(node) or "" for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    comments = re.findall(r"^[ \t]*#(.*)$", text, re.MULTILINE)
    return "\n\n".join([*docstrings, *comments])


def _statements(text: str, old: str, subjects: frozenset[str]) -> set[str]:
    """The sentences of a text that say the subject's default is the old value ("it defaults to
    100%", "100% by default", "default: 100"), whitespace folded."""
    number = rf"(?<![\d.]){re.escape(old)}(?!\d|\.\d)"
    says = re.compile(rf"\bdefault(?:s|ed)?(?:\s+(?:value|is|was|to|of|at))*\s*[:=]?\s*{number}"
                      rf"|{number}{_PERCENT}(?:\s+[A-Za-z-]+){{0,2}}?\s*(?:by\s+default|\((?:the\s+)?default\)|"
                      rf"is\s+the\s+default)", re.IGNORECASE)
    found = set()
    for sentence in _SENTENCE.split(text):
        folded = " ".join(sentence.split())
        if says.search(folded) and any(subject in folded.lower() for subject in subjects):
            found.add(folded)
    return found


def defaults_left(task: str, workspace: Workspace, first_texts: Mapping[str, str], files: Iterable[str]) -> list[str]:
    """Sentences for the old default still set in code or stated in a document, as it was at the start."""
    change = default_change(task)
    if change is None:
        return []
    old, _new, subjects = change
    present = set(files)
    readable = [rel for rel in first_texts if rel in present and rel.endswith(_TEXT_SUFFIXES)]
    left: list[str] = []
    for rel, text in scanned_texts(workspace, readable):
        first = first_texts[rel]
        if rel.endswith(".py"):
            left += [f"{rel}: {where}" for where in sorted(_settings(text, float(old), subjects)
                                                           & _settings(first, float(old), subjects))]
        if _statements(_prose(rel, text), old, subjects) & _statements(_prose(rel, first), old, subjects):
            left.append(f"{rel}: says the default is {old}")
    if not left:
        return []
    shown = "; ".join(left[:SHOWN]) + (f"; and {len(left) - SHOWN} more" if len(left) > SHOWN else "")
    return [f"the old default {old}, which the task replaces, is still there ({shown})"]
