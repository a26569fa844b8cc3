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
import asyncio
import json
import re
import secrets
import shlex
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..files.scanned import scanned_texts, text_head
from ..files.workspace import PathEscape, Workspace, WorkspaceError
from ..sandbox.confine import Sandbox
from ..sandbox.runner import run_command
from .answer_checks import MAX_TASK_CHARS, affirmed_names, asked_name_kind, file_names
from .code_reach import CodeIndex, reached_names
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
import sys
here = sys.path.pop(0)  # the project's own `json` or `runpy` must not stand in for the tracer's
import json, os, runpy, tempfile, threading
sys.path.insert(0, here)
sys.pycache_prefix = tempfile.mkdtemp()  # no bytecode of the tree is read (one planted there) or written
marker, mode, target, *args = sys.argv[1:]
root = os.path.realpath(os.getcwd())
known, called, ran, opened = {}, {}, {}, {}
spawned = []
def inside(full):
    return full.startswith(root + os.sep) and "__pycache__" not in full.split(os.sep)
def rels(path):
    if path not in known:
        found = []
        if not path.startswith("<"):
            for full in (os.path.normpath(os.path.abspath(path)), os.path.realpath(path)):
                if inside(full) and os.path.relpath(full, root) not in found:
                    found.append(os.path.relpath(full, root))  # as spelled, and where a link leads
        known[path] = found
    return known[path]
def profile(frame, event, arg):
    if event == "call":
        code = frame.f_code
        for where in rels(code.co_filename)[:1]:
            if code.co_flags & 1:
                called.setdefault(code.co_qualname, where)
            elif code.co_name == "<module>":
                ran.setdefault(where, None)
def audit(event, args):
    if event in ("open", "sqlite3.connect") and args and isinstance(args[0], (str, os.PathLike)):
        for where in rels(os.fspath(args[0])):
            opened.setdefault(where, None)
    elif event in ("subprocess.Popen", "os.exec", "os.posix_spawn", "os.fork", "os.system", "os.spawn"):
        spawned.append(event)  # work done in another process is not traced: no judgment
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
if spawned:
    status = "spawned"
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
    if as_module and (module is None or module.split(".")[0] in sys.stdlib_module_names):
        return None  # `python -m json.tool` runs the standard library's, whatever the project holds
    if as_module and _project_file(workspace, script) is None:
        script = script.removesuffix(".py") + "/__main__.py"  # `python -m pkg` runs pkg/__main__.py
    found = _project_file(workspace, script)
    if found is None:
        return None  # not the project's own code (`python -m pip ...`): not run
    # Quoted bare, it may stop at its usage line: for which file it reads, the README's run of it. Not
    # for which function: the README's example need not take the path asked about (a job booked a
    # week ahead never calls the rush surcharge), and the code's reach is read where no run is clean.
    if not args and asked_name_kind(task) in ("file", "module") \
            and (example := _readme_example(workspace, command)) is not None:
        command, args = example
    return TracedCommand(command, module if as_module and module else found, as_module, found, tuple(args))


def _readme_example(workspace: Workspace, command: str) -> tuple[str, list[str]] | None:
    """The README's first run of the command with arguments, all of them files that exist or plain
    words, no option (`python -m walkies.plan bookings.csv`), or None. heldout32's aa12 quoted `python -m
    walkies.plan` bare, which stops at its usage line, so which file it reads went unjudged and an
    answer naming the stale walker.ini the README points to was not flagged."""
    for line in (text_head(workspace, "README.md") or "").splitlines():
        at = line.find(command + " ")
        if at < 0:
            continue
        run = line[at:].split("#", 1)[0].strip().strip("`")
        try:
            args = shlex.split(run)[len(shlex.split(command)):]
        except ValueError:
            continue
        # Files that exist and plain words only: an option may change what it reads (`--config x.ini`)
        # or read nothing (`--help`), and an upper-case word is a placeholder (`ITEMS.csv`).
        if args and all(_project_file(workspace, arg) is not None or re.fullmatch(r"[a-z0-9][\w.-]*", arg)
                        for arg in args):
            return run, args
    return None


def _project_file(workspace: Workspace, spelled: str) -> str | None:
    """The workspace-relative path of a file the command names, however it is spelled
    (`/abs/ws/tools/run.py`, `tools/../tools/run.py`), or None: outside, or no file."""
    try:
        full = workspace.resolve(spelled)
        return full.relative_to(workspace.root.resolve()).as_posix() if full.is_file() else None
    except (PathEscape, WorkspaceError, OSError, ValueError):
        return None


async def which_name_answer(task: str, summary: str, workspace: Workspace, files: list[str],
                            sandbox: Sandbox) -> str | None:
    """What ANSWER DIFFERS says of a which-name question's answer, or None: the command the task
    quotes, run and traced (`off_the_path`; its code read where it does not run clean), or, with no
    command quoted, the project's own commands read (`unreached_answer`). `files`: the project's
    files, unchanged since the session started (the answer is about the project as found)."""
    if asked_name_kind(task) is None:
        return None
    traced = await asyncio.to_thread(traced_command, task, workspace)
    trace = await run_traced(traced, workspace, sandbox) if traced is not None else None
    return await asyncio.to_thread(_judged, task, summary, workspace, files, traced, trace)


_PACKAGING = ("pyproject.toml", "setup.cfg", "setup.py")  # where console scripts are declared


def _judged(task: str, summary: str, workspace: Workspace, files: list[str], traced: TracedCommand | None,
            trace: Trace | None) -> str | None:
    """The judgment of `which_name_answer`, on the project's code as read (files: a worker thread)."""
    code = dict(scanned_texts(workspace, [rel for rel in files if rel.endswith(".py")]))
    if traced is not None:
        return off_the_path(task, traced, trace, summary, code, files)
    configs = [text for _, text in scanned_texts(workspace, [rel for rel in files if rel in _PACKAGING])]
    return unreached_answer(task, summary, code, declares_scripts(configs))


async def run_traced(traced: TracedCommand, workspace: Workspace, sandbox: Sandbox) -> Trace | None:
    """What the command used, run read-only in the sandbox; None where nothing is confined with the
    network blocked too, or where it did not run to a clean end."""
    read_only = sandbox.read_only_workspace()
    if not read_only.network_denied:
        return None  # code nobody approved runs only where the kernel keeps it off the network too
    marker = f"smallops-trace-{secrets.token_hex(8)}:"
    result = await run_command(traced.shell(marker), workspace.root, timeout=TRACE_SECONDS,
                               output_cap=MAX_OUTPUT_CHARS, sandbox=read_only)
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
    said = affirmed_names(summary)
    if kind in ("file", "module"):
        if trace is None:
            return None  # which file a command reads is not for a reading of its code to say
        used = trace.ran | trace.opened
        # A name two files share ("range.json", "tests/range.json") is used where either is.
        named = {name: rels - {traced.script} for name, rels in _file_names(files).items() if name in said}
        named = {name: rels for name, rels in named.items() if rels}
        if not named or any(rels & used for rels in named.values()):
            return None
        head = f"running `{traced.command}` (read-only) never opens or imports {', '.join(sorted(named))}"
        used_as, shown = "the project files it uses", sorted(used - {traced.script})
    elif kind is not None:
        index = CodeIndex.of(code)
        functions, classes = _definitions(index)
        named_code = said & (functions.keys() | classes.keys())
        if not named_code:
            return None
        if trace is not None:
            called = {part for name in trace.called for part in name.split(".") if not part.startswith("<")}
            reached = called | {name for name in classes if classes[name] & trace.ran}
            head = f"running `{traced.command}` (read-only) never calls {', '.join(sorted(named_code))}"
            used_as = "the project's functions it calls"
            shown = [name for name in trace.called if "<" not in name]
        else:
            read = reached_names(traced.script, index)
            if read is None:
                return None
            reached = _reached(read, functions, classes)
            # Not run clean as quoted, or not run at all (no sandbox that blocks the network here).
            head = f"the code `{traced.command}` runs never reaches {', '.join(sorted(named_code))} (its code read, not run)"
            used_as = "what its code can reach"
            shown = sorted(name for name in functions.keys() & reached if not name.startswith("_"))
        if named_code & reached:
            return None
    else:
        return None
    return head + (f"; {used_as}: {_listed(shown)}" if shown else "")


def _listed(names: list[str]) -> str:
    return ", ".join(names[:SHOWN_NAMES]) + (" …" if len(names) > SHOWN_NAMES else "")


MAX_ENTRY_POINTS = 8
# A project whose commands are declared (console scripts) runs them through entry points this
# reading does not follow: it is not judged.
_DECLARED_SCRIPTS = re.compile(r"^\[(?:project\.scripts|project\.gui-scripts|tool\.poetry\.scripts)\]|console_scripts",
                               re.MULTILINE)


def declares_scripts(config_texts: Iterable[str]) -> bool:
    """Whether a pyproject.toml or setup.cfg (setup.py) declares console scripts."""
    return any(_DECLARED_SCRIPTS.search(text) for text in config_texts)


def unreached_answer(task: str, summary: str, code: Mapping[str, str], scripts_declared: bool = False) -> str | None:
    """What ANSWER DIFFERS says, or None, for a which-function (method, class) question that quotes no
    command: every project name the summary gives is one no command of the project can reach, read
    as code_reach.py reads (heldout30's c12 asked which function "actually decides" how many guides
    a booking gets; `guides_needed`, a look-alike nothing calls, answers nothing a command does).
    The commands are the project's modules that run code as a script (`if __name__ == "__main__"`,
    a `__main__.py`) outside its tests; a project with none, more than a few, or console scripts
    declared (`scripts_declared`) is not judged."""
    if scripts_declared or len(task) > MAX_TASK_CHARS or asked_name_kind(task) not in ("function", "method", "class") \
            or not asks_only(task):
        return None
    entries = sorted(rel for rel, text in code.items() if not _is_test(rel) and (
        rel.endswith("__main__.py") or _MAIN_GUARD.search(text)))
    if not entries or len(entries) > MAX_ENTRY_POINTS:
        return None
    index = CodeIndex.of(code)
    functions, classes = _definitions(index)
    named = affirmed_names(summary) & (functions.keys() | classes.keys())
    if not named:
        return None
    reached: set[str] = set()
    for entry in entries:
        read = reached_names(entry, index)
        if read is None:
            return None
        reached |= _reached(read, functions, classes)
    if named & reached:
        return None
    commands = ", ".join(_command_of(entry) for entry in entries)
    shown = sorted(name for name in functions.keys() & reached if not name.startswith("_"))
    return (f"no command of the project ({commands}) reaches {', '.join(sorted(named))} (its code read, not run)"
            + (f"; what they can reach: {_listed(shown)}" if shown else ""))


def _reached(read: tuple[frozenset[str], frozenset[str]], functions: Mapping[str, set[str]],
             classes: Mapping[str, set[str]]) -> set[str]:
    """The definitions a reading reaches: named by its code and defined in a file it imports."""
    mentioned, imported = read
    return {name for name, where in (*functions.items(), *classes.items()) if name in mentioned and where & imported}


_MAIN_GUARD = re.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]\s*:", re.MULTILINE)


def _is_test(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return rel.startswith(("tests/", "test/")) or "/tests/" in rel or name.startswith("test_") or name.endswith("_test.py")


def _command_of(entry: str) -> str:
    module = entry.removesuffix(".py").removesuffix("/__main__").replace("/", ".")
    return f"python -m {module}" if all(part.isidentifier() for part in module.split(".")) else f"python {entry}"


def _file_names(files: Iterable[str]) -> dict[str, set[str]]:
    """Each name a summary may give a project file by (answer_checks.file_names), to the files."""
    names: dict[str, set[str]] = {}
    for rel in files:
        for name in file_names([rel]):
            names.setdefault(name, set()).add(rel)
    return names


def _definitions(index: CodeIndex) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(function and method names, class names), each to the files that define it."""
    functions: dict[str, set[str]] = {}
    classes: dict[str, set[str]] = {}
    for rel, names in index.defined.items():
        for name, nodes in names.items():
            for node in nodes:
                (classes if isinstance(node, ast.ClassDef) else functions).setdefault(name, set()).add(rel)
    return functions, classes
