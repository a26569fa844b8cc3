"""`merge`: a whole-file write of a Python file that holds only some of its definitions is taken as
those definitions put in place (and a JSON file's that holds only some of its keys, or an INI or
TOML file's that holds only some of its sections, as those changed: json_merge.py, ini_merge.py,
toml_merge.py).

Asked to add a function or change one, a small model often "writes the file" with only the code it
changed: `median()` alone for a module of five functions, `cmd_list()` alone for a CLI of twelve.
Written as is, the rest of the file is lost (the `dropped` lever refused such writes, and the model
sent the same fragment again until the step cap: held-out k06, k07). A person reading such a reply
reads it as an edit of those functions; so does this lever, where the reading is unambiguous:

- the fragment parses, and holds only imports, functions, classes and plain assignments, at least
  one of them a definition or a new value for a constant the file sets;
- it lacks at least one definition the file has (else it is a whole-file write, taken as written);
  a definition under the new name of a rename the task asks for ("rename `last` in tools.py to
  `final`") stands for the old one and goes in its place;
- each of its functions and classes replaces the file's definition of that name (a class's methods
  one by one, when the fragment's class lacks some of the file's), a new one goes at the end; an
  import the file lacks goes after its imports; a constant replaces its assignment or follows the
  imports;
- the result parses.

The person sees the whole file's diff and approves exactly that; the repair beside the proposal
says which names were put in place, so nothing is merged unseen.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...reply.kinds import Action, WriteFile
from ...reply.parsing import Repair
from ..definitions import may_remove, unquoted
from ..task_checks import code_renames
from .ini_merge import merged_ini
from .json_merge import merged_json
from .md_merge import merged_markdown
from .toml_merge import merged_toml

_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
# Beyond REMOVING's words: a task that renames or takes something out may mean a key or a
# definition the write leaves out, and merged it would stay.
_TAKING_AWAY = re.compile(r"\b(?:renam\w*|get\s+rid\s+of|take\s+out|strip)\b", re.IGNORECASE)
MAX_BYTES = 200_000  # files larger than this are not merged (parsed twice at every write)
# Configuration files merged by their own structure; a Python file by its definitions (`merged`).
_MERGERS = {".json": merged_json, ".ini": merged_ini, ".cfg": merged_ini, ".toml": merged_toml}
_DOC_SUFFIXES = (".md", ".markdown")


@dataclass(frozen=True)
class _Span:
    start: int  # 0-based first line (decorators included)
    end: int  # 0-based line after the last


def _span(node: ast.stmt) -> _Span:
    decorators = getattr(node, "decorator_list", [])
    first = min([node.lineno, *(d.lineno for d in decorators)])
    return _Span(first - 1, node.end_lineno or node.lineno)


def _name(node: ast.stmt) -> str | None:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def _is_fragment_part(node: ast.stmt) -> bool:
    return isinstance(node, (ast.Import, ast.ImportFrom)) or _name(node) is not None or (
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str))


def _source(lines: list[str], node: ast.stmt) -> list[str]:
    span = _span(node)
    return lines[span.start:span.end]


class _Merge:
    """The file's lines, with the fragment's parts put in place from the bottom up (each edit is
    recorded against the original line numbers, then applied in reverse order)."""

    def __init__(self, before: str, fragment: str) -> None:
        self.lines = python_lines(before)
        self.fragment = python_lines(fragment)
        self.edits: list[tuple[int, int, list[str]]] = []  # (start, end, new lines) over the file's lines
        self.names: list[str] = []

    def replace(self, node: ast.stmt, by: ast.stmt) -> None:
        span = _span(node)
        self.edits.append((span.start, span.end, _ensure_newline(_source(self.fragment, by))))

    def insert(self, at: int, new: list[str]) -> None:
        self.edits.append((at, at, new))

    def result(self) -> str:
        lines = list(self.lines)
        # From the bottom up; of two insertions at one place the later-given goes in first, so
        # they end up in the fragment's order.
        order = sorted(range(len(self.edits)), key=lambda k: (self.edits[k][0], self.edits[k][1], k), reverse=True)
        for k in order:
            start, end, new = self.edits[k]
            lines[start:end] = new
        return "".join(lines)


def _ensure_newline(lines: list[str]) -> list[str]:
    return lines[:-1] + [lines[-1] if lines[-1].endswith("\n") else lines[-1] + "\n"] if lines else lines


def _merge_class(merge: _Merge, old: ast.ClassDef, new: ast.ClassDef) -> None:
    """The fragment's class into the file's: whole when it has every method, else method by method."""
    old_methods = {n.name: n for n in old.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    new_methods = [n for n in new.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if set(old_methods) <= _methods(new) or len(new_methods) != len(new.body):
        merge.replace(old, new)
        return
    for method in new_methods:
        if method.name in old_methods:
            merge.replace(old_methods[method.name], method)
        else:
            merge.insert(_span(old).end, ["\n", *_ensure_newline(_source(merge.fragment, method))])
        merge.names.append(f"{old.name}.{method.name}")


def _methods(node: ast.ClassDef) -> set[str]:
    return {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _lacks_some(old: dict[str, ast.stmt], parts: list[ast.stmt], renames: dict[str, str]) -> bool:
    """Whether the fragment lacks a definition the file has: a function or class, or a method of a
    class it gives. A definition under the new name of a rename the task asks for stands for the
    old one (a whole file with the rename made lacks nothing)."""
    given = {renames.get(name, name): node for node in parts if (name := _name(node)) is not None}
    for name, node in old.items():
        if isinstance(node, _Definition) and name not in given:
            return True
        if isinstance(node, ast.ClassDef) and isinstance(mine := given.get(name), ast.ClassDef) \
                and not _methods(node) <= _methods(mine):
            return True
    return False


def _changes_something(node: ast.stmt, old: dict[str, ast.stmt]) -> bool:
    """A part that is more than an import or a docstring: a definition, or a new value for a
    constant the file sets (heldout17's h02 sent `PITCH_FEE = 21.00` alone for a module of
    constants and functions, refused by `dropped`, sent again)."""
    name = _name(node)
    return isinstance(node, _Definition) or (name is not None and name in old and not isinstance(old[name], _Definition))


def merged(before: str, fragment: str, renames: dict[str, str] | None = None) -> tuple[str, list[str]] | None:
    """(the file with the fragment's parts put in place, the names put) or None when `fragment` is
    not unambiguously a fragment of `before` (see the module's docstring). `renames`: new name ->
    old name, of the renames the task asks for; a definition under a new name takes the old one's
    place."""
    renames = renames or {}
    try:
        old_tree, new_tree = ast.parse(before), ast.parse(fragment)
    except (SyntaxError, ValueError, RecursionError):
        return None
    parts = new_tree.body
    if not parts or not all(_is_fragment_part(node) for node in parts):
        return None
    old = {name: node for node in old_tree.body if (name := _name(node)) is not None}
    if not any(_changes_something(node, old) for node in parts) or not _lacks_some(old, parts, renames):
        return None  # nothing defined or set anew, or every definition there: a whole-file write
    merge = _Merge(before, fragment)
    imports = [node for node in old_tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    after_imports = _span(imports[-1]).end if imports else _docstring_end(old_tree)
    known_imports = {ast.unparse(node) for node in imports}
    for node in parts:
        name = _name(node)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if ast.unparse(node) not in known_imports:
                merge.insert(after_imports, _ensure_newline(_source(merge.fragment, node)))
        elif name is None:
            continue  # a docstring of the fragment's own
        elif isinstance(former := old.get(name), ast.ClassDef) and isinstance(node, ast.ClassDef):
            _merge_class(merge, former, node)
        elif name in old:
            merge.replace(old[name], node)
            merge.names.append(name)
        elif isinstance(node, _Definition) and isinstance(former := old.get(renames.get(name, "")), _Definition) \
                and type(former) is type(node):
            merge.replace(former, node)  # the rename the task asks for, made where the old name was
            merge.names.append(f"{renames[name]} as {name}")
        elif isinstance(node, _Definition):
            merge.insert(len(merge.lines), ["\n", "\n", *_ensure_newline(_source(merge.fragment, node))])
            merge.names.append(name)
        else:
            merge.insert(after_imports, _ensure_newline(_source(merge.fragment, node)))
            merge.names.append(name)
    text = merge.result()
    if before.endswith("\n") and not text.endswith("\n"):
        text += "\n"
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    return text, merge.names  # the file itself, when every part is there already: noop and again answer it


def _docstring_end(tree: ast.Module) -> int:
    first = tree.body[0] if tree.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first.end_lineno or first.lineno
    return 0


Merger = Callable[[str, str], tuple[str, list[str]] | None]
_LONE_CR = re.compile(r"\r(?!\n)")
_PYTHON_LINE = re.compile(r".*?(?:\r\n|\r|\n)|.+\Z", re.DOTALL)


def python_lines(text: str) -> list[str]:
    """The lines as Python numbers them, ends kept: broken at "\r\n", "\r" or "\n" only (not at a
    form feed or U+0085, as str.splitlines would: an edit placed by line number would miss)."""
    return _PYTHON_LINE.findall(text)


def _in_files_form(merging: Merger, before: str, fragment: str) -> tuple[str, list[str]] | None:
    """`merging` with the fragment in the file's line breaks: the lines put into a CRLF file are
    CRLF lines (a model sends LF), and a file without a final line break gets one for the merge
    and has it taken off again (a key added after its last line would run into it). A file with
    a lone CR is not merged (its lines are not what the parsers read)."""
    if _LONE_CR.search(before):
        return None
    eol = "\r\n" if "\r\n" in before and before.count("\n") == before.count("\r\n") else "\n"
    fragment = fragment.replace("\r\n", "\n")
    if not fragment.endswith("\n"):
        fragment += "\n"  # its last line, like the others, ends where the file's lines end
    if eol == "\r\n":
        fragment = fragment.replace("\n", "\r\n")
    ends_open = not before.endswith("\n")
    found = merging(before + eol if ends_open else before, fragment)
    if found is None or not ends_open:
        return found
    text, names = found
    return (text[:-len(eol)] if text.endswith(eol) else text), names


def merge_fragment(action: Action, workspace: Workspace, task: str = "", python: bool = True, config: bool = True,
                   docs: bool = False) -> tuple[Action, list[Repair]]:
    """`action`, a write of part of a Python file (`python`), of a JSON file's keys or an INI or
    TOML file's sections (`config`: json_merge.py, ini_merge.py, toml_merge.py) or of a Markdown
    file's sections (`docs`: md_merge.py), as the whole file with that part put in place. Not where
    the task may mean to take something away ("remove the unused helpers", "rename the key"): a
    file written without it is then what it says. A rename of a name in code is no such thing in a
    Python file: the new definition takes the old one's place."""
    suffixes = ((".py",) if python else ()) + (tuple(_MERGERS) if config else ()) + (_DOC_SUFFIXES if docs else ())
    if not isinstance(action, WriteFile) or not action.path.endswith(suffixes) or not action.content.strip():
        return action, []
    # A rename of a name in code takes the old name away only where the new one is put (in a Python
    # file, by `merged`); a rename of a key, a section or a file keeps the write as sent.
    renames, rest = code_renames(task) if action.path.endswith(".py") else ({}, task)
    if may_remove(rest) or _TAKING_AWAY.search(unquoted(rest)):
        return action, []
    try:
        rel = workspace.relative(action.path)
        if workspace.resolve(rel).stat().st_size > MAX_BYTES:
            return action, []
        before = workspace.read_text_or_none(rel)
    except (PathEscape, WorkspaceError, OSError, UnicodeDecodeError):
        return action, []
    merging = next((merger for suffix, merger in _MERGERS.items() if action.path.endswith(suffix)),
                   merged_markdown if action.path.endswith(_DOC_SUFFIXES) else partial(merged, renames=renames))
    try:
        found = _in_files_form(merging, before, action.content) if before else None
    except Exception:  # noqa: BLE001 - hostile text a merger did not foresee: the write stays as sent, the session goes on
        found = None
    if found is None:
        return action, []
    text, names = found
    if text == before:  # sent again after it was merged (heldout10's t02): "dropped" told the model it removed them
        said = f"the write held only part of {rel}, all of it as the file has it already"
    else:
        shown = ", ".join(names[:6]) + (" …" if len(names) > 6 else "")
        said = f"the write held only part of {rel} ({shown}): put in place, the rest of the file kept"
    return action.model_copy(update={"content": text}), [Repair("fragment_merged", said)]
