"""DOCS MISS: documentation the task asks to bring in line with a code file, which still leaves out
what that file defines. Generic, read from the task's words and the code, never from a task's answer.

"The Usage section of README.md is out of date … rewrite it to match what logship/cli.py actually
accepts", and the README still has no `--output`; "The Configuration table in README.md is missing
one of the options that pinger/config.py supports", and `retries` is still not in it. A model says
"updated" either way (m17 of heldout4; k17, k19 of heldout3: the three `done`s no other flag caught).

It speaks only when the task names both a document (`.md`, `.rst`, `.txt`) and a Python file and
says the document must be complete against it ("match", "out of date", "missing", "actually",
"every option"); what the code defines is read from its syntax tree, never run:

- long options given to `add_argument(...)` or `click.option(...)` (`--output`);
- the string keys of a module-level dict whose name says it holds defaults or options
  (`DEFAULTS = {"retries": 2, …}`), and the fields of a dataclass-like class whose name says so
  (`class Config: retries: int = 2`).

A name counts as mentioned in any spelling of its words (`log_file`, `log-file`, `--log-file`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..files.project import project_files
from ..files.scanned import text_head
from ..files.workspace import Workspace

_DOC = r"((?:[\w.-]+/)*[\w-][\w.-]*\.(?:md|rst|txt))"
_CODE = r"((?:[\w.-]+/)*[\w-][\w.-]*\.py)"
# The words that ask for the document to be complete against the code, not for one addition to it.
_COMPLETE = re.compile(r"\b(?:match(?:es|ing)?|out of date|outdated|up to date|missing|miss(?:es)?|actually|accurate(?:ly)?|"
                       r"(?:all|every|each) (?:of )?(?:the |its )?(?:options?|flags?|settings?|arguments?|keys?|fields?))\b",
                       re.IGNORECASE)
_HOLDER = re.compile(r"default|option|setting|config|conf\b|param", re.IGNORECASE)
SHOWN = 4  # names listed in one flag
SUBCOMMAND = "command "  # how defined_names marks a subcommand's name (`add_parser("log")`)
# A name worth judging: words, dots and dashes (a dict key may be any string: spaces, newlines, text
# meant to be read as a finding); and at most so many of them from one file.
_NAME = re.compile(r"(?:command )?-{0,2}[A-Za-z0-9_][\w.-]{0,59}")
MAX_NAMES = 200
# A task about the command line that names no code file: the files that define one are read.
_CLI = re.compile(r"\b(?:CLI|command[- ]line|subcommands?)\b", re.IGNORECASE)
CLI_FILES = 3  # of them, at most
_TEST_PATH = re.compile(r"(?:^|/)(?:tests?/|test_[^/]*$|[^/]*_test\.py$|conftest\.py$)")
CLI_SCAN = 200  # Python files looked into for one
READ_BYTES = 200_000  # of each file the task names


@dataclass(frozen=True)
class DocsFinding:
    kind: Literal["docs_miss"]
    text: str


def _spelled(pattern: str, task: str) -> list[str]:
    return list(dict.fromkeys(re.findall(rf"(?<![\w./-]){pattern}(?![\w/-])", task)))


def _string_args(call: ast.Call) -> list[str]:
    return [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def defined_names(source: str) -> list[str]:
    """What a module offers to be documented: its command line's long options, and its defaults'
    or options' keys and fields, in the order they are written. [] for code that does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []  # code too deep or broken to read is not judged
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _callee(node) in ("add_argument", "option"):
            found += [arg for arg in _string_args(node) if arg.startswith("--") and len(arg) > 3]
        elif isinstance(node, ast.Call) and _callee(node) == "add_parser":
            found += [SUBCOMMAND + arg for arg in _string_args(node)[:1] if re.fullmatch(r"[\w-]+", arg)]
    for node in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if isinstance(value, ast.Dict) and any(isinstance(t, ast.Name) and _HOLDER.search(t.id) for t in targets):
            found += [k.value for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        if isinstance(node, ast.ClassDef) and _HOLDER.search(node.name):
            found += [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                      and not s.target.id.startswith("_")]
    return [name for name in dict.fromkeys(found) if _NAME.fullmatch(name)][:MAX_NAMES]


def _command_text(doc: str) -> str:
    """The parts of a document that show commands: its ``` blocks, its `code` spans and the lines
    that start with a prompt (`$ `). Read line by line (no pattern runs across lines)."""
    shown: list[str] = []
    in_block = False
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_block = not in_block
        elif in_block:
            shown.append(line)
        elif stripped.startswith("$ "):
            shown.append(stripped[2:])
        else:
            shown += line.split("`")[1::2]
    return "\n".join(shown)


def _mentioned(name: str, doc: str, commands: str) -> bool:
    """An option with its dashes (`--log-file`, `--log_file`); a subcommand as a word where the
    document shows commands (prose says "log" and "summary" of anything); a key or field in any
    spelling of its words (`log_file`, `log-file`, `log file`)."""
    if name.startswith(SUBCOMMAND):
        word = re.escape(name.removeprefix(SUBCOMMAND))
        return re.search(rf"(?<![\w-]){word}(?![\w-])", commands) is not None
    words = re.findall(r"[^\W_]+", name)
    if not words:
        return True
    if name.startswith("--"):
        spelled = "--" + "[-_]".join(re.escape(w) for w in words)
        return re.search(rf"(?<![\w-]){spelled}(?![\w-])", doc) is not None
    spelled = r"[-_ ]?".join(re.escape(w) for w in words)
    return re.search(rf"(?<![\w]){spelled}(?![\w])", doc, re.IGNORECASE) is not None


def docs_miss(task: str, texts: Mapping[str, str], cli_files: tuple[str, ...] = ()) -> list[DocsFinding]:
    """DOCS MISS for each document the task names: the names its named code files (or, where it
    names none and speaks of the command line, `cli_files`) define that it never mentions
    (`texts`: the files' texts now, by path)."""
    if not _COMPLETE.search(task):
        return []
    docs = [rel for rel in _spelled(_DOC, task) if rel in texts]
    codes = [rel for rel in _spelled(_CODE, task) if rel in texts] or [rel for rel in cli_files if rel in texts]
    found: list[DocsFinding] = []
    for doc in docs:
        for code in codes:
            commands = _command_text(texts[doc])
            missing = [name for name in defined_names(texts[code]) if not _mentioned(name, texts[doc], commands)]
            if missing:
                shown = [f"the {n.removeprefix(SUBCOMMAND)} command" if n.startswith(SUBCOMMAND) else n for n in missing]
                listed = ", ".join(shown[:SHOWN]) + (" …" if len(missing) > SHOWN else "")
                found.append(DocsFinding("docs_miss", f"{doc} does not mention {listed}, which {code} defines"))
    return found[:2]


def docs_findings(task: str, workspace: Workspace) -> list[DocsFinding]:
    """DOCS MISS in this workspace: the files the task names, read bounded (a file that cannot be
    read is not judged)."""
    if not _COMPLETE.search(task):
        return []
    texts: dict[str, str] = {}
    for rel in (_spelled(_DOC, task) + _spelled(_CODE, task))[:8]:
        text = text_head(workspace, rel, READ_BYTES)
        if text is not None:
            texts[rel] = text
    cli_files: list[str] = []
    if texts and not _spelled(_CODE, task) and _CLI.search(task):
        # "The Usage section … still describes the old commands; rewrite it to match what the CLI
        # accepts now" (heldout9's s11) names no code file: the files defining a command line do.
        code = [rel for rel in project_files(workspace).files if rel.endswith(".py") and not _TEST_PATH.search(rel)]
        for rel in code[:CLI_SCAN]:
            text = text_head(workspace, rel, READ_BYTES)
            if text is not None and ("add_argument(" in text or "add_parser(" in text or "@click." in text):
                texts[rel] = text
                cli_files.append(rel)
                if len(cli_files) == CLI_FILES:
                    break
    return docs_miss(task, texts, tuple(cli_files))
