"""UNREAD OPTION: a command-line option the session added with argparse that no code reads.

Asked to add a `--max-price` option to a car boot sale's command line, the model added
`parser.add_argument('--max-price', help=...)`, never read `args.max_price`, and said "Added
--max-price option to carboot/cli.py" (heldout19's q06, after its run, unflagged: the option was
there, so NOT ADDED held, and every test passed). An option whose value nothing reads changes
nothing, whatever the task asked of it.

For each Python file the session changed, the `add_argument` calls it did not have at the start
are read for their destination (`dest=`, else the first long option with its dashes turned to
underscores, else the positional name, else the short letter), and the workspace's Python is
searched for a read of it: an attribute `.dest`, or the string "dest" outside the call that
defines it (`getattr(args, "dest")`, `vars(args)["dest"]`). Code that reads the namespace whole
(`vars(args)`, `args.__dict__`, `getattr` with a computed name) may read anything: nothing is said.
The code is parsed, never run; a file that does not parse is not judged.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .definitions import python_tree

_QUIET_ACTIONS = frozenset({"help", "version"})  # argparse acts on these itself
SHOWN = 3


@dataclass(frozen=True)
class Option:
    flags: tuple[str, ...]  # the option strings as written ("--max-price", "-m")
    dest: str
    call: ast.Call


def _options(tree: ast.AST) -> list[Option]:
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument"):
            continue
        flags = tuple(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
        if not flags or len(flags) != len(node.args):
            continue  # an option string computed at run time: not judged
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        action = keywords.get("action")
        if isinstance(action, ast.Constant) and action.value in _QUIET_ACTIONS:
            continue
        dest = keywords.get("dest")
        if dest is not None:
            if not (isinstance(dest, ast.Constant) and isinstance(dest.value, str)):
                continue
            name = dest.value
        else:
            name = _destination(flags)
        if name.isidentifier():
            found.append(Option(flags, name, node))
    return found


def _destination(flags: tuple[str, ...]) -> str:
    """argparse's own rule: the first long option, else the first short one, or the positional name."""
    if not flags[0].startswith("-"):
        return flags[0]
    long = [f for f in flags if f.startswith("--")]
    return (long[0] if long else flags[0]).lstrip("-").replace("-", "_")


def _reads_whole_namespace(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        match node:
            case ast.Call(func=ast.Name(id="vars" | "locals")):
                return True
            case ast.Attribute(attr="__dict__"):
                return True
            case ast.Call(func=ast.Name(id="getattr"), args=[_, second, *_]) if not isinstance(second, ast.Constant):
                return True
    return False


def _reads(tree: ast.AST, dest: str) -> bool:
    defining = {id(inner) for option in _options(tree) for inner in ast.walk(option.call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == dest and isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, ast.Constant) and node.value == dest and id(node) not in defining:
            return True
    return False


def unread_options(before: Mapping[str, str], after: Mapping[str, str],
                   python: Iterable[tuple[str, str]]) -> list[str]:
    """The findings' texts: `before` and `after` are the changed Python files' texts at the start
    (a file made by the session has none) and now, `python` every Python file of the workspace now
    (path, text), where a read may be."""
    added: list[tuple[str, Option]] = []
    for rel, text in after.items():
        tree = python_tree(text)
        if tree is None:
            continue
        old_tree = python_tree(before[rel]) if rel in before else None
        if rel in before and old_tree is None:
            continue
        had = {option.flags for option in _options(old_tree)} if old_tree is not None else set()
        added += [(rel, option) for option in _options(tree) if option.flags not in had]
    if not added:
        return []
    trees = [tree for _, text in python if (tree := python_tree(text)) is not None]
    if any(_reads_whole_namespace(tree) for tree in trees):
        return []
    unread = [(rel, option) for rel, option in added if not any(_reads(tree, option.dest) for tree in trees)]
    return [f"{_shown(option.flags)} is parsed in {rel}, but no code reads its value (args.{option.dest}): the "
            f"option changes nothing" for rel, option in unread[:SHOWN]]


def _shown(flags: tuple[str, ...]) -> str:
    return next((f for f in flags if f.startswith("--")), flags[0])
