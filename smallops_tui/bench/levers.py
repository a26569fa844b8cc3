"""Harness levers: changes to what a small model is told and allowed, each one switchable, so
each can be measured on the bench with the same model, tasks and runs, before and after.

    tree      (a) the workspace's file tree, bounded, in the first prompt
    paths     (b) a per-turn schema: read_file (and line edits) name an existing file, list_dir an
                  existing directory, write_file a path inside an existing directory
    example   (c) a one-shot example in the system prompt
    guidance  (e) after a REPEAT or MISSING PATH guard, feedback that names what exists instead
    cap       (f) a token cap per action sized to the task's files, so a runaway answer is cut
                  and reported (truncation) rather than running into the wall-clock cap
    fresh     (g, not in the issue's list) the per-turn schema leaves out a read_file or list_dir
                  already done since the workspace last changed: a greedy model that loops on
                  one read cannot propose it again (it implies `paths`' enums for those two)

`paths` only changes constrained decoding (without a schema there is nothing to narrow).
Lever (d), temperature 0 and a fixed seed, is not a switch here but the bench's defaults
(`--temperature 0 --seed 0`), recorded in each record's serving options.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any

from ..agent.reply.actions import vocabulary_schema
from ..agent.session.guards import GuardFlag
from ..agent.session.loop import Proposal, Session
from ..agent.files.workspace import Workspace

TREE_LIMIT = 40  # entries shown; a larger tree says how many more there are
ENUM_LIMIT = 200  # beyond this many files, read_file takes any string (the grammar would be huge)
CAP_FLOOR, CAP_CEILING = 160, 1024
CHARS_PER_TOKEN = 3  # conservative for code and prose in these tokenizers: a cap errs on the roomy side
NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"

EXAMPLE = """
Example of a whole session (a different project):
Task: Say which function utils.py defines.
{"action": "read_file", "path": "utils.py"}
Result: Contents of utils.py (2 lines): def helper(x): return x * 2
{"action": "done", "summary": "helper"}
"""


def file_tree(workspace: Workspace, limit: int = TREE_LIMIT) -> str:
    files = workspace.walk_files()
    shown = "\n".join(f"- {f}" for f in files[:limit])
    more = f"\n- … and {len(files) - limit} more files" if len(files) > limit else ""
    return f"Files in the project ({len(files)}):\n{shown or '(none)'}{more}"


def _directories(files: Iterable[str]) -> list[str]:
    dirs = {"."}
    for f in files:
        parent = posixpath.dirname(f)
        while parent:
            dirs.add(parent)
            parent = posixpath.dirname(parent)
    return sorted(dirs)


def paths_schema(vocabulary_name: str, workspace: Workspace, narrow: bool = True, fresh: bool = False,
                 done_reads: frozenset[str] = frozenset(), done_lists: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The vocabulary's schema with each `path` narrowed to what exists now (`narrow`): reads and
    line edits an existing file, list_dir an existing directory, write_file an existing file or a
    new name in an existing directory. `fresh`: read_file and list_dir name an existing path not
    in `done_reads`/`done_lists`; an action with nothing left to name is left out entirely."""
    schema = vocabulary_schema(vocabulary_name)
    files = workspace.walk_files()
    dirs = _directories(files)
    if fresh:
        kept = []
        for alternative in schema["oneOf"]:
            properties = alternative["properties"]
            action = properties["action"]["const"]
            choices = [f for f in files if f not in done_reads] if action == "read_file" else \
                [d for d in dirs if d not in done_lists] if action == "list_dir" else None
            if choices is not None:
                if not choices:
                    continue
                properties["path"] = {"type": "string", "enum": choices}
            kept.append(alternative)
        schema["oneOf"] = kept
    if not narrow:
        return schema
    prefixes = "|".join(re.escape(d + "/") for d in dirs if d != ".")
    new_name = {"type": "string", "pattern": f"^({prefixes})?{NAME}$" if prefixes else f"^{NAME}$"}
    existing = {"type": "string", "enum": files} if files and len(files) <= ENUM_LIMIT else None
    for alternative in schema["oneOf"]:
        properties = alternative["properties"]
        if "path" not in properties:
            continue
        action = properties["action"]["const"]
        if "enum" in properties["path"]:
            continue  # already narrowed to what has not been read or listed yet
        if action == "list_dir":
            properties["path"] = {"type": "string", "enum": dirs}
        elif action == "write_file":
            properties["path"] = {"anyOf": [existing, new_name]} if existing else new_name
        elif existing is not None:
            properties["path"] = existing
    return schema


def task_cap(workspace: Workspace) -> int:
    """Answer tokens for one action: room to write back the largest file whole, plus the JSON."""
    largest = 0
    for rel in workspace.walk_files():
        try:
            largest = max(largest, workspace.resolve(rel).stat().st_size)
        except OSError:
            continue
    return max(CAP_FLOOR, min(CAP_CEILING, 2 * largest // CHARS_PER_TOKEN + 96))


def chat_options(levers: tuple[str, ...], workspace: Workspace, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The request options over `base`: the cap lever sets the answer tokens per action."""
    options = dict(base or {})
    if "cap" in levers:
        options["num_predict"] = task_cap(workspace)
    return options


def guidance(flags: list[GuardFlag], workspace: Workspace) -> str:
    """What the model is told, with the result, when its action repeated one or named nothing."""
    notes = []
    for flag in flags:
        if flag.kind == "repeat":
            notes.append(f"Note: this exact action was already done at step {flag.step}; doing it again gives the "
                         "same result. Do something else: the next step of the task, or done if it is finished.")
        elif flag.kind == "missing_path":
            notes.append(f"Note: {flag.message}.")
    if not notes:
        return ""
    files = workspace.walk_files()
    listing = ", ".join(files[:TREE_LIMIT]) + (" …" if len(files) > TREE_LIMIT else "")
    return "\n".join(notes) + f"\nThe files that exist: {listing or '(none)'}."


class LeverSession(Session):
    """A session with the chosen levers applied; with none, exactly a plain `Session`."""

    def __init__(self, *args: Any, levers: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.levers = levers
        self._looked_at: dict[int, str] = {}  # step -> the path its action named, normalized
        if "example" in levers:
            self.messages[0]["content"] += EXAMPLE
        if "tree" in levers:
            self.messages[1]["content"] += "\n" + file_tree(self.workspace)

    def turn_schema(self) -> dict[str, Any]:
        if "fresh" in self.levers:
            reads, lists = self.looked_at_since_last_change()
            return paths_schema(self.config.vocabulary, self.workspace, "paths" in self.levers, True, reads, lists)
        if "paths" in self.levers:
            return paths_schema(self.config.vocabulary, self.workspace)
        return super().turn_schema()

    def looked_at_since_last_change(self) -> tuple[frozenset[str], frozenset[str]]:
        """Paths read and directories listed (successfully) since the workspace last changed."""
        reads, lists = set(), set()
        for record in self.history.steps:
            if record.changes_before != self.history.changes or not record.ok:
                continue
            path = self._looked_at.get(record.step)
            if path is not None and record.action == "read_file":
                reads.add(path)
            elif path is not None and record.action == "list_dir":
                lists.add(path)
        return frozenset(reads), frozenset(lists)

    async def propose(self, action: Any, parsed: Any, source: Any, note: str = "") -> Proposal:
        proposal = await super().propose(action, parsed, source, note)
        path = getattr(action, "path", None)
        if isinstance(path, str):
            self._looked_at[self.step] = posixpath.normpath(path.strip() or ".")
        if "guidance" in self.levers and source == "model" and not note:
            text = guidance(proposal.flags, self.workspace)
            if text:
                self._pending_notes.append(text)  # sent with this step's result
        return proposal

