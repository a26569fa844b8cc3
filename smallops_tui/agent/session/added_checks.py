"""What the task says to add, held against the workspace at `done` (task_checks.py holds what it
says to take away). Generic, read from the task's words and the code, never from a task's answer:

- NOT ADDED: a name the task asks for (an argument, an option, a function, a field) is nowhere in
  the code or the files that changed ("Add a `--limit N` option to the list command", and the
  todo CLI has no `--limit` anywhere);
- UNUSED: a parameter the session gave to a function that already existed is never read in its
  body (`def format_row(cells, widths, sep=None)`, and the separator is still `" | "`);
- SAME CODE: every file the session changed is Python whose code is what it was (only quotes,
  spacing, line breaks, comments or docstrings differ), for a task that is not about those (a "fix"
  of the importer that swapped its double quotes for single ones).

A check that cannot tell says nothing: names are taken only where the task's words say they are
to be added and they look like code; the code is read bounded; a file that does not parse is
not judged.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..files.scanned import SCANNED_FILES, scanned_texts
from ..files.workspace import Workspace
from .config_scope import SCOPED_CONFIGS, defaults_changed
from .option_checks import unread_options
from .definitions import may_remove, module_files
from .task_checks import asks_only, spelled_files
from .use_checks import asks_use, unused_helpers

# The things a task asks to add by name, and the words that say so.
_THING = (r"(?:argument|arg|parameter|param|keyword|kwarg|option|flag|switch|function|method|class|field|key|"
          r"setting|constant|variable|helper|command|subcommand|column|property|attribute|endpoint|hook)")
_ADD = r"(?:add|adds|adding|introduce|create|implement|define|write|give\s+(?:it|\w+)|accept|accepts|take|takes|support|supports|expose)"
_FILLER = r"(?:(?:a|an|the|new|optional|extra|keyword|boolean|integer|int|string|str|named|its\s+own)\s+){0,3}"
_NAME = r"(--?[A-Za-z][\w-]*|[A-Za-z_]\w*)"
# "take an optional sep argument", "Add a `--limit N` option", "add a median() function"
_NAME_THEN_THING = re.compile(rf"\b{_ADD}\s+{_FILLER}(`?){_NAME}(?:\(\))?(?:\s+(?-i:[A-Z]+))?`?\s+{_THING}s?\b", re.IGNORECASE)
# "add an argument called sep", "a new option named --limit"
_THING_THEN_NAME = re.compile(rf"\b{_ADD}\s+(?:[\w-]+\s+){{0,4}}?{_THING}\s+(?:called|named)\s+(`?){_NAME}", re.IGNORECASE)
# "Add a function square(x) to mathx.py", "create counter.py with a function increment(n)"
_THING_THEN_CALL = re.compile(rf"\b(?:{_ADD}|with)\s+{_FILLER}(?:function|method|class)\s+(`?){_NAME}(?=\(|`)",
                              re.IGNORECASE)
# "Add fahrenheit_to_celsius to unitconv/temperature.py", "add `median()` to stats"
_NAME_TO_PLACE = re.compile(rf"\b{_ADD}\s+{_FILLER}(`?){_NAME}(\(\))?`?\s+(?:to|in|into)\b", re.IGNORECASE)

_TAKEN_OUT = re.compile(r"\s+(?:out|away|off)\b", re.IGNORECASE)
_NOT_NAMES = frozenset({"a", "an", "the", "it", "them", "this", "that", "one", "some", "new", "support", "option",
                        "options", "argument", "arguments", "test", "tests", "unit", "docstring", "comment", "type",
                        "types", "hints", "row", "line", "lines", "entry", "note", "section", "dependency", "check",
                        "way", "ability", "validation", "logging", "error", "handling", "same", "optional",
                        "extra", "keyword", "boolean", "integer", "int", "string", "str", "named", "default", "its",
                        "exported", "public", "private", "static", "async", "small", "simple", "helper"})
SEARCHED_SUFFIXES = (".py", ".pyi", ".js", ".mjs", ".ts", ".go", ".rs", ".rb", ".java", ".c", ".h", ".cpp", ".sh",
                     ".toml", ".cfg", ".ini", ".json", ".yaml", ".yml")


@dataclass(frozen=True)
class AddedFinding:
    kind: Literal["not_added", "unused_parameter", "same_code", "not_set", "unread_option", "default_changed"]
    text: str


def _looks_like_code(name: str, backticked: bool, called: bool, thing: str) -> bool:
    """A plain word is a name only when it looks like one, or the task says what kind of thing it
    is right beside it ("an optional sep argument"): "add support to the parser" names nothing."""
    return (backticked or called or name.startswith("-") or "_" in name or re.search(r"[a-z][A-Z]", name) is not None
            or bool(thing))


# A flag given with its short form ("an -o/--output FILE option", "--output or -o"): the long one
# is the name looked for, as argparse spells both (heldout7's q05, after its run: the pair hid the
# option from NOT ADDED, and a README-only "done" went unflagged).
_SHORT_THEN_LONG = re.compile(r"(?<![\w-])-[A-Za-z]\s*(?:/|,|\bor\b)\s*(--[A-Za-z][\w-]*)")
_LONG_THEN_SHORT = re.compile(r"(--[A-Za-z][\w-]*)\s*(?:/|,|\bor\b)\s*-[A-Za-z](?![\w-])")


def names_to_be_added(task: str) -> list[str]:
    """The names the task asks to add (a flag keeps its dashes), at most six, in the task's order."""
    task = _LONG_THEN_SHORT.sub(r"\1", _SHORT_THEN_LONG.sub(r"\1", task))
    found: list[str] = []
    for pattern, thing_follows in ((_THING_THEN_NAME, True), (_THING_THEN_CALL, True), (_NAME_THEN_THING, True),
                                   (_NAME_TO_PLACE, False)):
        for match in pattern.finditer(task):
            backticked, name = match.group(1) == "`", match.group(2)
            called = pattern is _NAME_TO_PLACE and bool(match.group(3)) or "()" in match.group(0)
            if name.lower() in _NOT_NAMES or len(name.lstrip("-")) < 2:
                continue
            if _TAKEN_OUT.match(task, match.end()):
                continue  # "Take the `--fax` option out of …": to go, not to add (heldout30's c10)
            if not _looks_like_code(name, backticked, called, "thing" if thing_follows else ""):
                continue
            found.append(name)
    return list(dict.fromkeys(found))[:6]


def _present(name: str, text: str) -> bool:
    if name.startswith("-"):
        return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None
    return re.search(rf"(?<![\w]){re.escape(name)}(?!\w)", text) is not None


def not_added(task: str, texts: Iterable[tuple[str, str]]) -> list[AddedFinding]:
    """NOT ADDED: each name the task asks for that no searched file holds (`texts`: path and text)."""
    wanted = names_to_be_added(task)
    if not wanted:
        return []
    read = [(rel, text) for rel, text in texts if rel.endswith(SEARCHED_SUFFIXES)][:SCANNED_FILES]
    if not read:
        return []
    return [AddedFinding("not_added", f"{name}, which the task asks to add, is nowhere in the code")
            for name in wanted if not any(_present(name, text) for _, text in read)]


def _functions(tree: ast.AST) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function by its qualified name (Class.method, outer.inner)."""
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.setdefault(prefix + child.name, child)
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    args = function.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    every += [a for a in (args.vararg, args.kwarg) if a is not None]
    return [a.arg for a in every]


def _is_stub(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A body that only documents, passes, or raises: an interface, where unused parameters are the point."""
    body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return all(isinstance(s, (ast.Pass, ast.Raise)) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
               for s in body)


def _reads(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = {node.id for node in ast.walk(function) if isinstance(node, ast.Name)}
    if any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("locals", "vars")
           for node in ast.walk(function)):
        names.add("*")  # every parameter may be read through locals()
    return names


def unused_parameters(before: Mapping[str, str], after: Mapping[str, str]) -> list[AddedFinding]:
    """UNUSED: for each Python file in both (path -> text), a parameter added to a function that was
    there before, which the function's body never reads."""
    found: list[AddedFinding] = []
    for rel, new_text in after.items():
        old_text = before.get(rel)
        if old_text is None or not rel.endswith((".py", ".pyi")) or old_text == new_text:
            continue
        try:
            old, new = _functions(ast.parse(old_text)), _functions(ast.parse(new_text))
        except (SyntaxError, ValueError, RecursionError):
            continue  # not judged (the lint lever and the tests speak for code that does not parse)
        for name, function in new.items():
            if name not in old or _is_stub(function):
                continue
            added = [p for p in _parameters(function) if p not in _parameters(old[name]) and p not in ("self", "cls")]
            read = _reads(function)
            unused = [p for p in added if p not in read and "*" not in read and not p.startswith("_")]
            if unused:
                found.append(AddedFinding("unused_parameter", f"{name} in {rel} takes a new parameter "
                                          f"{', '.join(unused)} that it never uses"))
    return found[:4]


# A task about the form of the code, where the same code in another form is the point.
_ABOUT_FORM = re.compile(
    r"(?<![\w-])(?:docstrings?|comments?|(?:re)?format(?:s|ted|ting)?|styl(?:e|ing)|whitespace|spaces?|tabs?|"
    r"indent(?:ed|ation)?|quot(?:es?|ing)|black|isort|lint(?:ing|er)?|pep ?8|sort(?:ed|ing)?|(?:re)?order(?:ed|ing)?|"
    r"wrap(?:ped|ping)?|line length|blank lines?|typos?|spelling|renam(?:e|ing)|type hints?|annotat(?:e|ions?)|"
    r"f-?strings?|readab(?:le|ility)|tidy|clean(?:up| up)?)(?![\w-])", re.IGNORECASE)


def _code(tree: ast.AST) -> str:
    """The code of a module without its docstrings (formatting and comments are not in the tree)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.dump(tree, include_attributes=False)


def same_code(task: str, before: Mapping[str, str], after: Mapping[str, str], changed: Sequence[str]) -> list[AddedFinding]:
    """SAME CODE: the session changed files, all of them Python, and none of their code."""
    if not changed or _ABOUT_FORM.search(task) or any(rel not in before or rel not in after for rel in changed):
        return []
    if not all(rel.endswith((".py", ".pyi")) for rel in changed):
        return []
    try:
        if any(_code(ast.parse(before[rel])) != _code(ast.parse(after[rel])) for rel in changed):
            return []
    except (SyntaxError, ValueError, RecursionError):
        return []
    files = ", ".join(changed[:3]) + (" …" if len(changed) > 3 else "")
    return [AddedFinding("same_code", f"the code of {files} does what it did: only quotes, spacing, comments or "
                                      "docstrings changed")]


def _texts(workspace: Workspace, files: Iterable[str]) -> Iterable[tuple[str, str]]:
    return scanned_texts(workspace, (f for f in files if f.endswith(SEARCHED_SUFFIXES)))


# A command the task quotes, run as a module: `python -m organ.metal PIPES.csv` (heldout30's c08 kit:
# "We need a new command, `python -m organ.metal …`", and only the README changed, unflagged).
_MODULE_COMMAND = re.compile(r"\bpython3?\s+-m\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")


# The command is to be made ("a new command, `python -m organ.metal`", "add `python -m x.y`"), and
# the task does not say it was renamed, is gone or never was (a README to fix, a typo).
_MAKING = re.compile(r"\b(?:new|add|adds|adding|create|creates|creating|write|implement|introduce|need|want|make)\b",
                     re.IGNORECASE)
_NOT_MADE = re.compile(r"\b(?:renamed|rename|doesn't exist|does not exist|no longer|(?:was|is) gone|typo|misspel\w*|"
                       r"removed|deprecated)\b", re.IGNORECASE)


def commands_not_there(task: str, files: Sequence[str]) -> list[AddedFinding]:
    """NOT ADDED: a module the task's command runs is no file of the project, where the project's
    code is the package it names (`organ/`); a task that may remove or rename says nothing."""
    if may_remove(task) or asks_only(task) or _NOT_MADE.search(task):
        return []
    present = set(files)
    found = []
    seen: set[str] = set()
    for match in _MODULE_COMMAND.finditer(task):
        module = match.group(1)
        if module in seen:
            continue
        seen.add(module)
        sentence = task[max(task.rfind(".", 0, match.start()), task.rfind("\n", 0, match.start()), 0):
                        match.end() + 120].split(". ")[0]
        if not _MAKING.search(sentence):
            continue  # a command the task speaks of, not one it asks to be made
        parts = module.split(".")
        package = parts[0]
        if len(parts) < 2 or not any(rel.startswith(f"{package}/") and rel.endswith(".py") for rel in present):
            continue  # not the project's own package (`python -m pytest`, `python -m pip`)
        runs = module_files(module)
        if not set(runs) & present:
            found.append(AddedFinding("not_added", f"`python -m {module}`, which the task names, runs {runs[0]}, "
                                                   "which is not there"))
    return found[:3]


def added_findings(task: str, workspace: Workspace, first_texts: Mapping[str, str], files: Sequence[str],
                   modified: Sequence[str], created_or_deleted: bool = False,
                   created: Sequence[str] = ()) -> list[AddedFinding]:
    """Every finding for a `done`: `files` are the workspace's now, `modified` those changed since the
    start (`created_or_deleted`: files were also made or removed; `created`: those made), `first_texts`
    the small files' texts at the start."""
    found = not_added(task, _texts(workspace, files)) if names_to_be_added(task) else []
    found += commands_not_there(task, files)
    changed_python = [rel for rel in modified if rel.endswith((".py", ".pyi")) and rel in first_texts]
    now = dict(_texts(workspace, changed_python))
    same = [] if created_or_deleted else same_code(task, first_texts, now, list(modified))
    changed = [*modified, *created]
    settings = dict(_texts(workspace, changed)) if changed and all(rel.endswith(CONFIG_SUFFIXES) for rel in changed) else {}
    configs = dict(_texts(workspace, [rel for rel in modified if rel.endswith(SCOPED_CONFIGS) and rel in first_texts]))
    defaults = [AddedFinding("default_changed", text) for rel, text in configs.items()
                for text in defaults_changed(task, rel, first_texts[rel], text)]
    return (found + unused_parameters(first_texts, now) + _unused_helpers(task, workspace, first_texts, files, now, created)
            + same + values_not_set(task, first_texts, settings)
            + _unread_options(workspace, first_texts, files, now, created) + defaults)


def _unused_helpers(task: str, workspace: Workspace, first_texts: Mapping[str, str], files: Sequence[str],
                    modified_python: Mapping[str, str], created: Sequence[str]) -> list[AddedFinding]:
    """UNUSED, for a new function the task asks to be used (use_checks.py); the code is read only then."""
    made = [rel for rel in created if rel.endswith(".py")]
    if not asks_use(task) or not (modified_python or made):
        return []
    changed = {**modified_python, **dict(_texts(workspace, made))}
    code = dict(_texts(workspace, [rel for rel in files if rel.endswith(".py")]))
    return [AddedFinding("unused_parameter", text) for text in unused_helpers(task, first_texts, changed, code)]


def _unread_options(workspace: Workspace, first_texts: Mapping[str, str], files: Sequence[str],
                    modified_python: Mapping[str, str], created: Sequence[str]) -> list[AddedFinding]:
    """UNREAD OPTION (option_checks.py): the changed Python known at the start, and the Python made."""
    made = dict(_texts(workspace, [rel for rel in created if rel.endswith(".py")]))
    if not made and not any("add_argument" in text for text in modified_python.values()):
        return []
    python = _texts(workspace, [rel for rel in files if rel.endswith(".py")])
    return [AddedFinding("unread_option", text)
            for text in unread_options(first_texts, {**modified_python, **made}, python)]


# NOT SET: a configuration chore whose new values are nowhere in what changed. Asked to "add Harbour
# Lot, fee 30, open 17:00 to 22:00; also, the Market Square fee has gone up to 45", the model wrote
# the new pitch and left Market Square at 40, and said pitches.toml "was updated" (heldout11's u03,
# after its run, unflagged). Where every file the session changed is a configuration file, each
# number or time the task gives that none of them held at the start must be in one of them now; a
# number they held already (the old value of "10 instead of 8", a time it repeats) is not asked for.
CONFIG_SUFFIXES = (".json", ".toml", ".ini", ".cfg", ".yaml", ".yml", ".env", ".conf")
_VALUE = re.compile(r"(?<![\w.:])(\d+(?::\d\d)+|\d+(?:\.\d+)?)(?![\w:]|\.\d)")
MAX_VALUES = 40


def _number(value: str) -> str:
    """A value as a number says it: 12, 12.0 and 12.00 are one (heldout19's q02, "12 pounds an hour",
    rightly written `rate = 12.00`); a time stays as written."""
    if ":" in value or "." not in value:
        return value.lstrip("0") or "0"
    whole, _, fraction = value.partition(".")
    fraction = fraction.rstrip("0")
    return (whole.lstrip("0") or "0") + (f".{fraction}" if fraction else "")


def values_not_set(task: str, first_texts: Mapping[str, str], settings: Mapping[str, str]) -> list[AddedFinding]:
    """NOT SET for `settings`, the changed configuration files' texts now (empty: nothing to judge)."""
    if not settings:
        return []
    words = task
    for rel in spelled_files(task):
        words = words.replace(rel, " ")  # `config2.json` gives no 2
    values = list(dict.fromkeys(_VALUE.findall(words)))[:MAX_VALUES]
    held = {_number(value) for rel in settings for value in _VALUE.findall(first_texts.get(rel, ""))}
    now = {_number(value) for text in settings.values() for value in _VALUE.findall(text)}
    missing = [value for value in values if _number(value) not in held and _number(value) not in now]
    if not missing:
        return []
    files = ", ".join(sorted(settings)[:3]) + (" …" if len(settings) > 3 else "")
    listed = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
    return [AddedFinding("not_set", f"{listed}, which the task gives, {'is' if len(missing) == 1 else 'are'} in none "
                                    f"of the files that changed ({files})")]
