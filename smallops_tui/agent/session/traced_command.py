"""ANSWER DIFFERS for a question about which function (method, class, file, module) a command the task
quotes uses, answered with one it never uses.

heldout28's a12 asked "which function actually adds the rush surcharge when `python -m ice.quote`
prices a job" and, sent back by NO ANSWER for naming none, named `blocks_to_order`, a function of
another command's module; heldout29's b08 asked which file `python -m rocketry.go --wind 14
--apogee 380` reads its limits from without `--limits` and answered `limits.json`, a default that
command never uses. Both names are real, so nothing that reads the summary alone can tell. Running
the command can: the harness runs exactly the command the task quotes, read-only in the session's
sandbox (the network off), under a tracer that notes which of the project's functions are called,
which of its modules run and which of its files are opened. An answer whose every project name is
none of those is flagged, with what the command did use beside it.

Lenient where it must be: nothing is judged unless the command exits 0 within its time (a partial
run tells nothing), the module or script it runs is the project's own, and nothing has changed
(the answer is about the project as found). A class counts as used where its module ran (a
dataclass's made `__init__` is no code of the project's), and the command's own file is no answer
to what it reads.
"""

from __future__ import annotations

import ast
import json
import re
import secrets
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..files.workspace import PathEscape, Workspace, WorkspaceError
from ..sandbox.confine import Sandbox
from ..sandbox.runner import run_command
from .answer_checks import MAX_TASK_CHARS, asked_name_kind, file_names, said_names
from .code_reach import reached_names
from .definitions import python_tree
from .script_run import script_and_args
from .task_checks import asks_only

TRACE_SECONDS = 10.0
MAX_OUTPUT_CHARS = 400_000  # the command's own output and the trace; more is no judgment
SHOWN_NAMES = 12  # of what the command used, in the flag
_QUOTED_COMMAND = re.compile(r"`(python(?:3(?:\.\d+)?)?\s+[^`\n]+)`")
_BARE_COMMAND = re.compile(r"(?<![\w`/.-])(python(?:3(?:\.\d+)?)?\s+(?:-m\s+[A-Za-z_][\w.]*|[\w./-]+\.py)"
                           r"(?:[ \t]+(?:--?[\w-]+|[\w-]*[\d./][\w./-]*))*)")  # unquoted, a plain word ends it

# Run as `python3 -c TRACER MARKER module|script TARGET ARG...`: the target runs as `python -m` or
# as a script would, and what it used is printed after MARKER as the last line. Functions are code
# with CO_OPTIMIZED (a module's or a class body's code has none); a module's code is `<module>`.
TRACER = r'''
import json, os, runpy, sys, threading
marker, mode, target, *args = sys.argv[1:]
root = os.path.realpath(os.getcwd())
known, called, ran, opened = {}, {}, {}, {}
def rel(path):
    if path not in known:
        full = "" if path.startswith("<") else os.path.realpath(path)
        inside = full.startswith(root + os.sep) and "__pycache__" not in full.split(os.sep)
        known[path] = os.path.relpath(full, root) if inside else None
    return known[path]
def profile(frame, event, arg):
    if event == "call":
        code = frame.f_code
        where = rel(code.co_filename)
        if where is not None:
            if code.co_flags & 1:
                called.setdefault(code.co_qualname, where)
            elif code.co_name == "<module>":
                ran.setdefault(where, None)
def audit(event, args):
    if event == "open" and args and isinstance(args[0], str):
        where = rel(args[0])
        if where is not None:
            opened.setdefault(where, None)
sys.addaudithook(audit)
sys.argv = [target, *args]
if mode == "script":
    sys.path[0] = os.path.dirname(os.path.abspath(target))
status = 0
sys.setprofile(profile)
threading.setprofile(profile)
try:
    if mode == "module":
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(target, run_name="__main__")
except SystemExit as exc:
    status = 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 1
except BaseException:
    status = 1
finally:
    sys.setprofile(None)
    threading.setprofile(None)
for stream in (sys.stdout, sys.stderr):
    try:
        stream.flush()
    except Exception:
        pass
print("\n" + marker + json.dumps({"status": status, "called": list(called), "ran": list(ran),
                                  "opened": list(opened)}), file=sys.__stdout__, flush=True)
'''


@dataclass(frozen=True)
class TracedCommand:
    command: str  # as the task quotes it
    target: str  # the module (`ice.quote`) or script (`tools/run.py`) it runs
    as_module: bool
    script: str  # the project file it runs
    args: tuple[str, ...]

    def shell(self, marker: str) -> str:
        mode = "module" if self.as_module else "script"
        return " ".join(shlex.quote(word) for word in ("python3", "-c", TRACER, marker, mode, self.target, *self.args))


@dataclass(frozen=True)
class Trace:
    called: tuple[str, ...]  # qualified names of the project's functions, in the order first called
    ran: frozenset[str]  # the project's modules whose code ran (relative paths)
    opened: frozenset[str]  # the project's files opened (relative paths)


def traced_command(task: str, workspace: Workspace) -> TracedCommand | None:
    """The one command of the project's own that a which-name question quotes, or None."""
    if len(task) > MAX_TASK_CHARS or asked_name_kind(task) is None or not asks_only(task):
        return None
    quoted = _QUOTED_COMMAND.findall(task) or _BARE_COMMAND.findall(task)
    commands = {" ".join(found.split()) for found in quoted}
    if len(commands) != 1:
        return None  # none, or several: which one the question means is not for a pattern to say
    command = commands.pop()
    parsed = script_and_args(command)
    if parsed is None:
        return None
    script, module, args, as_module = parsed
    if as_module and not _is_file(workspace, script):
        script = script.removesuffix(".py") + "/__main__.py"  # `python -m pkg` runs pkg/__main__.py
    if not _is_file(workspace, script) or (as_module and module is None):
        return None  # not the project's own code (`python -m pip ...`): not run
    return TracedCommand(command, module if as_module and module else script, as_module, script, tuple(args))


def _is_file(workspace: Workspace, rel: str) -> bool:
    try:
        return workspace.resolve(rel).is_file()
    except (PathEscape, WorkspaceError, OSError, ValueError):
        return False


async def run_traced(traced: TracedCommand, workspace: Workspace, sandbox: Sandbox) -> Trace | None:
    """What the command used, run read-only in the sandbox; None where nothing is confined, or where
    it did not run to a clean end."""
    if not sandbox.confined:
        return None
    marker = f"smallops-trace-{secrets.token_hex(8)}:"
    result = await run_command(traced.shell(marker), workspace.root, timeout=TRACE_SECONDS,
                               output_cap=MAX_OUTPUT_CHARS, sandbox=sandbox.read_only_workspace())
    if result.timed_out or result.cancelled or result.truncated or result.exit_code != 0:
        return None
    return read_trace(result.output, marker)


def read_trace(output: str, marker: str) -> Trace | None:
    """The trace after the last `marker` line of the output, or None (none, broken, or the command failed)."""
    at = output.rfind("\n" + marker)
    if at < 0:
        return None
    try:
        found = json.loads(output[at + 1 + len(marker):].splitlines()[0])
    except (ValueError, IndexError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("status") != 0:
        return None
    lists = [found.get(key) for key in ("called", "ran", "opened")]
    if not all(isinstance(items, list) and all(isinstance(item, str) for item in items) for items in lists):
        return None
    called, ran, opened = lists
    assert called is not None and ran is not None and opened is not None
    return Trace(tuple(called), frozenset(ran), frozenset(opened))


def off_the_path(task: str, traced: TracedCommand, trace: Trace | None, summary: str,
                 code: Mapping[str, str], files: Iterable[str]) -> str | None:
    """What ANSWER DIFFERS says, or None: every project name the summary gives is one the command
    never used (`trace`), or, where it did not run clean (None), one its code cannot reach
    (code_reach.py). `code`: the project's Python files (path -> text); `files`: every project file."""
    kind = asked_name_kind(task)
    said = said_names(summary)
    if kind in ("file", "module"):
        if trace is None:
            return None  # which file a command reads is not for a reading of its code to say
        named = {rel for name, rel in _file_names(files).items() if name in said and rel != traced.script}
        used = trace.ran | trace.opened
        if not named or named & used:
            return None
        head = f"running `{traced.command}` (read-only) never opens or imports {', '.join(sorted(named))}"
        used_as, shown = "the project files it uses", sorted(used - {traced.script})
    elif kind is not None:
        functions, classes = _definitions(code)
        named = said & (functions.keys() | classes.keys())
        if not named:
            return None
        if trace is not None:
            called = {part for name in trace.called for part in name.split(".") if not part.startswith("<")}
            reached = called | {name for name in classes if classes[name] & trace.ran}
            head = f"running `{traced.command}` (read-only) never calls {', '.join(sorted(named))}"
            used_as = "the project's functions it calls"
            shown = [name for name in trace.called if "<" not in name]
        else:
            mentioned, imported = reached_names(traced.script, code)
            reached = {name for name, where in (functions | classes).items() if name in mentioned and where & imported}
            head = (f"the code `{traced.command}` runs never reaches {', '.join(sorted(named))} (read, not run: "
                    "as written the command does not run to a clean end)")
            used_as = "what its code can reach"
            shown = sorted(name for name in functions.keys() & reached if not name.startswith("_"))
        if named & reached:
            return None
    else:
        return None
    listed = ", ".join(shown[:SHOWN_NAMES]) + (" …" if len(shown) > SHOWN_NAMES else "")
    return head + (f"; {used_as}: {listed}" if listed else "")


MAX_ENTRY_POINTS = 8


def unreached_answer(task: str, summary: str, code: Mapping[str, str]) -> str | None:
    """What ANSWER DIFFERS says, or None, for a which-function (method, class) question that quotes no
    command: every project name the summary gives is one no command of the project can reach, read
    as code_reach.py reads (heldout30's c12 asked which function "actually decides" how many guides
    a booking gets; `guides_needed`, a look-alike nothing calls, answers nothing a command does).
    The commands are the project's modules that run code as a script (`if __name__ == "__main__"`,
    a `__main__.py`) outside its tests; a project with none, or more than a few, is not judged."""
    if len(task) > MAX_TASK_CHARS or asked_name_kind(task) not in ("function", "method", "class") or not asks_only(task):
        return None
    entries = sorted(rel for rel, text in code.items() if not _is_test(rel) and (
        rel.endswith("__main__.py") or _MAIN_GUARD.search(text)))
    if not entries or len(entries) > MAX_ENTRY_POINTS:
        return None
    functions, classes = _definitions(code)
    said = set(re.findall(r"[A-Za-z_]\w*", summary))
    named = said & (functions.keys() | classes.keys())
    if not named:
        return None
    reached: set[str] = set()
    for entry in entries:
        mentioned, imported = reached_names(entry, code)
        reached |= {name for name, where in (functions | classes).items() if name in mentioned and where & imported}
    if named & reached:
        return None
    commands = ", ".join(_command_of(entry) for entry in entries)
    shown = sorted(name for name in functions.keys() & reached if not name.startswith("_"))
    listed = ", ".join(shown[:SHOWN_NAMES]) + (" …" if len(shown) > SHOWN_NAMES else "")
    return (f"no command of the project ({commands}) reaches {', '.join(sorted(named))} (its code read, not run)"
            + (f"; what they can reach: {listed}" if listed else ""))


_MAIN_GUARD = re.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]\s*:", re.MULTILINE)


def _is_test(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return rel.startswith(("tests/", "test/")) or "/tests/" in rel or name.startswith("test_") or name.endswith("_test.py")


def _command_of(entry: str) -> str:
    module = entry.removesuffix(".py").removesuffix("/__main__").replace("/", ".")
    return f"python -m {module}" if all(part.isidentifier() for part in module.split(".")) else f"python {entry}"


def _file_names(files: Iterable[str]) -> dict[str, str]:
    """Each name a summary may give a project file by (answer_checks.file_names), to the file."""
    return {name: rel for rel in files for name in file_names([rel])}


def _definitions(code: Mapping[str, str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(function and method names, class names), each to the files that define it."""
    functions: dict[str, set[str]] = {}
    classes: dict[str, set[str]] = {}
    for rel, text in code.items():
        tree = python_tree(text)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                functions.setdefault(node.name, set()).add(rel)
            elif isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, set()).add(rel)
    return functions, classes
