"""What the model is told before its first turn: rules for the system prompt, and what the task
message carries (the file tree, the small files the task names)."""

from __future__ import annotations

import os
import posixpath
import re

from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...sandbox.confine import COMMAND_SHELL

TREE_LIMIT = 40  # entries shown; a larger tree says how many more there are
MENTIONED_FILES = 4  # files the task names whose contents open the session
MENTIONED_BYTES = 4000  # each at most this size

EXAMPLE = """
Example of a whole session (a different project):
Task: Say which function utils.py defines.
{"action": "read_file", "path": "utils.py"}
Result: Contents of utils.py (2 lines): def helper(x): return x * 2
{"action": "done", "summary": "helper"}
"""

PLAN_RULE = """
Before each action, think briefly inside <think>...</think> about what you have actually seen: what the task
asks for, what is still missing, and which one action comes next. Never guess what a file holds: read it.
Then write the JSON action."""


def file_tree(workspace: Workspace, limit: int = TREE_LIMIT) -> str:
    files = workspace.walk_files()
    shown = "\n".join(f"- {f}" for f in files[:limit])
    more = f"\n- … and {len(files) - limit} more files" if len(files) > limit else ""
    return f"Files in the project ({len(files)}):\n{shown or '(none)'}{more}"


def workspace_facts(workspace: Workspace, network: bool, shell: str = COMMAND_SHELL) -> str:
    """What a small model otherwise assumes wrongly about where it works: greedy, the 1.5B opened
    r3-fix-add with `git pull` in every run, then `git init`, `git remote add`, `git fetch`, `ping`,
    and ran out of steps. Only what is true here is said."""
    facts = []
    if not (workspace.root / ".git").exists():
        facts.append("The project is not a git repository.")
    if not network:
        facts.append("Commands have no network access.")
    if os.path.basename(os.path.realpath(shell)) == "dash":
        # A model writes bash: at temperature 0.3 every r6 run appended with `echo -e '\n' >> file.txt`,
        # which dash's echo writes as "-e" and two line breaks, and then said done.
        facts.append("Commands run with /bin/sh, which is dash here: its echo has no -e (use printf).")
    return ("\n" + " ".join(facts)) if facts else ""


def count_lines(text: str) -> int:
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def mentioned_files(task: str, workspace: Workspace) -> tuple[str, list[str]]:
    """The contents of the (small, text) files the task names, and their paths: a small model that
    plans before it has read a file invents what the file holds."""
    shown: list[str] = []
    paths: list[str] = []
    for rel in workspace.walk_files():
        if len(shown) >= MENTIONED_FILES:
            break
        name = posixpath.basename(rel)
        named = rf"(?<![\w.-]){re.escape(rel)}(?![\w-])|(?<![\w./-]){re.escape(name)}(?![\w-])"
        if not re.search(named, task):
            continue
        try:
            if workspace.resolve(rel).stat().st_size > MENTIONED_BYTES:
                continue
            text = workspace.read_text(rel)
        except (OSError, WorkspaceError, PathEscape, UnicodeDecodeError):
            continue
        if "\x00" in text:
            continue
        shown.append(f"Contents of {rel} ({count_lines(text)} lines):\n{text}")
        paths.append(rel)
    return "".join(f"\n\n{block}" for block in shown), paths
