"""What the model is told before its first turn: rules for the system prompt, and what the task
message carries (the file tree, the small files the task names)."""

from __future__ import annotations

import re

from ...files.project import project_files
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...sandbox.confine import COMMAND_SHELL, shell_is_dash
from .listing import TREE_LIMIT, named_by, ranked_listing
from .related import related_order
from ..definitions import module_files
from ..asked_call import AskedCall

MENTIONED_FILES = 4  # files the task names whose contents open the session
MENTIONED_BYTES = 4000  # each at most this size
MENTIONED_TOTAL = 8000  # and together at most this (about 2,700 tokens)

EXAMPLE = """
Example of a whole session (a different project):
Task: Say which function utils.py defines.
{"action": "read_file", "path": "utils.py"}
Result: Contents of utils.py (2 lines): def helper(x): return x * 2
{"action": "done", "summary": "helper"}
"""

# The example is plain lines, not code: with `print("hello")` in a ```python block, the 1.5B model
# asked to copy a text file wrote `print("<the text>")` into the copy (r2, the first fenced run).
FENCED_RULE = """
To write a file, send the JSON without "content", and right after it the file's whole new content
in a ``` block, exactly as the file should read (no escapes); the block ends your reply:
{"action": "write_file", "path": "notes.txt"}
```
first line
second line
```"""

SHORT_PLAN_RULE = """
Before each action, write one short sentence inside <think>...</think>: what is still missing and which one
action comes next. Never guess what a file holds: read it. Then write the JSON action."""

PLAN_RULE = """
Before each action, think briefly inside <think>...</think> about what you have actually seen: what the task
asks for, what is still missing, and which one action comes next. Never guess what a file holds: read it.
Then write the JSON action."""


def file_tree(workspace: Workspace, task: str = "", limit: int = TREE_LIMIT) -> str:
    """The project's files (listing.py: every one when they fit, else ranked for the task), and a line
    for what is not listed."""
    project = project_files(workspace)
    lines = ranked_listing(project.files, task, limit)
    notes = []
    if any(line.endswith(")") for line in lines):
        notes.append("A folder shown with a count is not listed file by file: list_dir shows it.")
    if project.left_out_line():
        notes.append(project.left_out_line())
    tail = "".join(f"\n{note}" for note in notes)
    return f"Files in the project ({len(project.files)}):\n{chr(10).join(lines) or '(none)'}{tail}"


def workspace_facts(workspace: Workspace, network: bool, shell: str = COMMAND_SHELL) -> str:
    """What a small model otherwise assumes wrongly about where it works: greedy, the 1.5B opened
    r3-fix-add with `git pull` in every run, then `git init`, `git remote add`, `git fetch`, `ping`,
    and ran out of steps. Only what is true here is said."""
    facts = []
    if not (workspace.root / ".git").exists():
        facts.append("The project is not a git repository.")
    if not network:
        facts.append("Commands have no network access.")
    if shell_is_dash(shell):
        # A model writes bash: at temperature 0.3 every r6 run appended with `echo -e '\n' >> file.txt`,
        # which dash's echo writes as "-e" and two line breaks, and then said done.
        facts.append("Commands run with /bin/sh, which is dash here: its echo has no -e (use printf).")
    return ("\n" + " ".join(facts)) if facts else ""


def count_lines(text: str) -> int:
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def _mentioned_order(task: str, files: list[str]) -> list[str]:
    """The files the task names, a path it spells out before a bare name, the shallower first (in a
    real tree "README.md" names the top one, not docs/README.md)."""
    named = [rel for rel in files if named_by(task, rel)]
    return sorted(named, key=lambda rel: (not re.search(rf"(?<![\w.-]){re.escape(rel)}(?![\w-])", task) or "/" not in rel,
                                          rel.count("/"), rel))


_RUNS_MODULE = re.compile(r"\bpython3?\s+-m\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")


def commanded_modules(task: str, files: list[str]) -> list[str]:
    """The project files the commands a task quotes run: `python -m snails.league heats.csv` ->
    snails/league.py (or a package's __main__.py). The program whose output the task is about."""
    present = set(files)
    found: list[str] = []
    for match in _RUNS_MODULE.finditer(task):
        found += [rel for rel in module_files(match.group(1)) if rel in present and rel not in found]
    return found


def mentioned_files(task: str, workspace: Workspace, named: bool = True, related: bool = False,
                    commanded: bool = False) -> tuple[str, list[str]]:
    """The contents of the (small, text) files the task names, and their paths: a small model that
    plans before it has read a file invents what the file holds (`named`); with `commanded`, the
    modules the commands it quotes run; with `related`, then the files its words point to
    (related.py). At most MENTIONED_FILES files of MENTIONED_BYTES, MENTIONED_TOTAL in
    all, so the opening fits a small window with room to answer."""
    shown: list[str] = []
    paths: list[str] = []
    room = MENTIONED_TOTAL
    files = workspace.walk_files()
    order = _mentioned_order(task, files) if named else []
    if commanded:
        order += [rel for rel in commanded_modules(task, files) if rel not in order]
    if related:
        order += [rel for rel in related_order(task, workspace, files, MENTIONED_BYTES) if rel not in order]
    for rel in order:
        if len(shown) >= MENTIONED_FILES:
            break
        try:
            size = workspace.resolve(rel).stat().st_size
            if size > min(MENTIONED_BYTES, room):
                continue
            text = workspace.read_text(rel)
        except (OSError, WorkspaceError, PathEscape, UnicodeDecodeError):
            continue
        if "\x00" in text:
            continue
        shown.append(f"Contents of {rel} ({count_lines(text)} lines):\n{text}")
        paths.append(rel)
        room -= len(text.encode("utf-8"))
    return "".join(f"\n\n{block}" for block in shown), paths


def asked_opening(asked: AskedCall) -> str:
    """What `asked` adds to the task message: the call the question names, as the command that
    prints its value with the files read-only (the risk rules let it run: risk/workspace_calls.py).
    Every held-out set had such a question; heldout23's d12 tried `night_prices` with the date as a
    string five times and never answered, and s12 and e12 answered from guesses until ANSWER
    DIFFERS, at done, ran the call."""
    return (f"\nThe task asks what {asked.call} returns. This command prints that value, with the files read-only:\n"
            f"{asked.command}\nRun it, then reply with done and give the value it prints in the summary.\n")
