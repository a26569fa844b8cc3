"""The project's own tests, run in the sandbox when the model says `done` (and, with the `tests`
lever, after each change), so the claim is shown beside what the tests say.

How, for any Python project with test files (`test_*.py`, `*_test.py`):
- on a copy of the project's files in a private temporary folder, so a test that writes files
  changes nothing the person sees, under the session's sandbox and bounds, with a time limit;
- by a runner of the standard library's own (RUNNER, sent as `python3 -c`): unittest's test cases,
  pytest-style `test_*` functions and `Test*` classes without fixtures (those are counted as
  skipped), each file imported with the project's top and `src/` on the path;
- its last line of output is a JSON summary, read as hostile input (a test can print anything);
- cached by the content of the project's files: the same tree is never run twice.

Bounded: at most MAX_TEST_FILES test files and COPY_BYTES of project files, RUN_SECONDS in all;
past a bound, or without python3, the tests are not run and the reason is said, never guessed.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import shlex
import shutil
import tempfile
from dataclasses import dataclass

from ..files.project import project_files
from ..files.scanned import text_head
from ..files.workspace import PathEscape, Workspace, WorkspaceError
from ..sandbox.confine import Sandbox
from ..sandbox.runner import run_command

_MODULE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
TEST_FILE = re.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_test)\.py$")
_TEST_FOLDER = re.compile(r"(?:^|/)tests?/")


def is_test_path(path: str) -> bool:
    """A test file (test_*.py, *_test.py) or anything in a tests/ (test/) folder."""
    return bool(TEST_FILE.search(path) or _TEST_FOLDER.search(path))

MAX_TEST_FILES = 100
COPY_BYTES = 20_000_000
KEYED_BY_CONTENT_BYTES = 1_000_000  # past it, a file is keyed by its size and time, not read
RUN_SECONDS = 60.0
SHOWN_FAILURE_CHARS = 300
MAX_FAILURES = 200  # failing tests named one by one; past it, they are counted

RUNNER = r'''
import importlib.util, inspect, io, json, os, sys, traceback, unittest
sys.dont_write_bytecode = True
root = os.getcwd()
for extra in (os.path.join(root, "src"), root):
    if os.path.isdir(extra) and extra not in sys.path:
        sys.path.insert(0, extra)
audited = [m for a in sys.argv[1:2] if a.startswith("--audit=") for m in a[8:].split(",") if m]
files = [f for f in sys.argv[1:] if not f.startswith("--audit=")]
passed = failed = skipped = 0
failures = []
HINTS
for module_name in audited:
    audit(module_name)
def fail(name, text):
    global failed
    failed += 1
    if len(failures) < 200:
        failures.append({"test": name, "message": text[-600:] if len(failures) < 20 else ""})
for index, rel in enumerate(files):
    path = os.path.join(root, rel)
    folder = os.path.dirname(path)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    # A test file inside a package (tests/__init__.py: `from . import test_idna`) is imported as
    # the package's module, as pytest and unittest's discovery do; any other by its path.
    package, top = [], folder
    while os.path.isfile(os.path.join(top, "__init__.py")) and top != os.path.dirname(top):
        package.insert(0, os.path.basename(top))
        top = os.path.dirname(top)
    base = os.path.splitext(os.path.basename(rel))[0]
    dotted = ".".join(package + [base]) if package and all(p.isidentifier() for p in package + [base]) else None
    name = dotted or "smallops_test_%d_%s" % (index, base)
    try:
        if dotted:
            if top not in sys.path:
                sys.path.insert(0, top)
            module = importlib.import_module(dotted)
        else:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
    except SystemExit as exc:
        # A test script (`exit(0)` at its end) ran as `python` runs it: its own exit code is its
        # verdict, and the tests it defined before it exited still run. An exit from the code it
        # imports (`sys.exit(main())` at an app's end) is no verdict: the file failed to load.
        # The project's own frames: a real path under the copy ("<frozen _sitebuiltins>", exit()'s, is none).
        ours = [f.filename for f in traceback.extract_tb(exc.__traceback__)
                if os.path.isabs(f.filename) and f.filename.startswith(os.path.join(root, ""))]
        if not ours or ours[-1] != path:
            fail(rel, "could not be imported: SystemExit: %r" % (exc.code,))
            continue
        if exc.code is None or (type(exc.code) in (int, bool) and exc.code == 0):
            passed += 1
        else:
            fail(rel, "exited with code %r" % (exc.code,))
    except BaseException as exc:
        fail(rel, "could not be imported: %s: %s" % (type(exc).__name__, exc))
        continue
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TestResult()
    suite.run(result)
    passed += result.testsRun - len(result.failures) - len(result.errors) - len(result.skipped)
    skipped += len(result.skipped)
    for test, text in result.failures + result.errors:
        lines = [l for l in text.strip().splitlines() if l and not l[0].isspace() and not l.startswith("Traceback")]
        fail("%s::%s" % (rel, test.id().split(".", 1)[-1]), lines[0] if lines else "")
    def call(label, function):
        global passed, skipped
        try:
            required = [p for p in inspect.signature(function).parameters.values()
                        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        except (TypeError, ValueError):
            required = []
        if required:
            skipped += 1
            return
        try:
            function()
            passed += 1
        except BaseException as exc:
            lines = traceback.format_exception_only(type(exc), exc)
            fail(label, (lines[-1] if lines else type(exc).__name__).strip())
    for attr, value in list(vars(module).items()):
        if attr.startswith("test") and inspect.isfunction(value) and value.__module__ == name:
            call("%s::%s" % (rel, attr), value)
        elif attr.startswith("Test") and inspect.isclass(value) and value.__module__ == name \
                and not issubclass(value, unittest.TestCase):
            try:
                instance = value()
            except BaseException as exc:
                fail("%s::%s" % (rel, attr), "could not be made: %s" % exc)
                continue
            for method in sorted(m for m in dir(value) if m.startswith("test")):
                if callable(getattr(instance, method, None)):
                    call("%s::%s::%s" % (rel, attr, method), getattr(instance, method))
sys.stdout.write("\n" + json.dumps({"passed": passed, "failed": failed, "skipped": skipped, "failures": failures,
                                     "hints": contradicted}) + "\n")
'''
# The type-hint audit (a task that asks for hints): each annotated function and method of the
# modules the session changed is wrapped before any test imports it, and a call that returns
# normally with an argument, or a result, that does not fit its hint is recorded (a call that
# raises may be a test feeding wrong types on purpose). heldout19's q04 hinted `hot_days(log:
# list[tuple[int, float]]) -> list[int]` where the tests log ('Mon', 48.0): every test passed, and
# its done stood unflagged. Hints the audit cannot read (forward references, TypeVars, protocols)
# fit anything.
HINTS_AUDIT = r'''
import collections.abc, functools, types, typing
contradicted = []
_SEQUENCES = (list, set, frozenset, collections.abc.Sequence, collections.abc.MutableSequence, collections.abc.Set,
              collections.abc.MutableSet, collections.abc.Collection, collections.abc.Iterable)
def fits(value, hint, depth=0):
    if depth > 4 or hint is typing.Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    if hint is float:
        return isinstance(value, (int, float))
    if hint is complex:
        return isinstance(value, (int, float, complex))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    try:
        if origin in (typing.Union, types.UnionType):
            return any(fits(value, a, depth + 1) for a in args)
        if origin is typing.Literal:
            return value in args
        if origin is None:
            return isinstance(value, hint) if isinstance(hint, type) else True
        if origin is tuple:
            if not isinstance(value, tuple):
                return False
            if len(args) == 2 and args[1] is Ellipsis:
                return all(fits(v, args[0], depth + 1) for v in value[:20])
            if args and args != ((),):
                return len(args) == len(value) and all(fits(v, a, depth + 1) for v, a in zip(value, args))
            return True
        if origin in (dict, collections.abc.Mapping, collections.abc.MutableMapping):
            if not isinstance(value, origin):
                return False
            return len(args) != 2 or all(fits(k, args[0], depth + 1) and fits(v, args[1], depth + 1)
                                         for k, v in list(value.items())[:20])
        if origin is collections.abc.Callable:
            return callable(value)
        if origin is type:
            return isinstance(value, type)
        if not isinstance(value, origin):
            return False
        if origin in _SEQUENCES and args and isinstance(value, (list, tuple, set, frozenset)):
            return all(fits(v, args[0], depth + 1) for v in list(value)[:20])
        return True
    except TypeError:
        return True
def said(text):
    if text not in contradicted:
        contradicted.append(text)
def _shown(hint):
    return hint.__name__ if isinstance(hint, type) and not typing.get_args(hint) else repr(hint).replace("typing.", "")
def _wrapped(function, where):
    try:
        hints = typing.get_type_hints(function)
        signature = inspect.signature(function)
    except Exception:
        return function
    if not hints:
        return function
    @functools.wraps(function)
    def audited(*args, **kwargs):
        result = function(*args, **kwargs)
        if len(contradicted) < 10:
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError:
                return result
            for name, value in bound.arguments.items():
                kind = signature.parameters[name].kind
                if name in hints and kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD) \
                        and not fits(value, hints[name]):
                    said("%s: argument %s=%s does not fit %s" % (where, name, repr(value)[:80], _shown(hints[name])))
            if "return" in hints and not fits(result, hints["return"]):
                said("%s returned %s, which does not fit %s" % (where, repr(result)[:80], _shown(hints["return"])))
        return result
    return audited
def audit(module_name):
    try:
        module = importlib.import_module(module_name)
    except BaseException:
        return
    for attr, value in list(vars(module).items()):
        if inspect.isfunction(value) and value.__module__ == module.__name__:
            setattr(module, attr, _wrapped(value, attr))
        elif inspect.isclass(value) and value.__module__ == module.__name__:
            for name, member in list(vars(value).items()):
                if inspect.isfunction(member):
                    setattr(value, name, _wrapped(member, "%s.%s" % (attr, name)))
'''
RUNNER = RUNNER.replace("HINTS\n", HINTS_AUDIT)


@dataclass(frozen=True)
class SuiteVerdict:
    """What the project's tests said, or why they were not run (`problem`)."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: tuple[str, ...] = ()  # "file::test: message", the first few
    failing: frozenset[str] = frozenset()  # the ids ("file::test") of every failing test the runner named
    problem: str = ""  # not run, or run without a summary: the reason
    contradicted: tuple[str, ...] = ()  # calls that did not fit their type hints (the audit, HINTS_AUDIT)

    @property
    def ran(self) -> bool:
        return not self.problem

    def short(self) -> str:
        """"1 of 4 fail; first: …" or "all 3 pass"."""
        total = self.passed + self.failed
        if self.failed:
            first = self.failures[0] if self.failures else ""
            return f"{self.failed} of {total} fail" + (f"; first: {first}" if first else "")
        skipped = f" ({self.skipped} skipped: they need fixtures)" if self.skipped else ""
        if total == 0:  # test files with no test this runner finds (a bare assert, a script)
            return "no test found to run" + skipped
        return (f"all {total} pass" if total != 1 else "the one test passes") + skipped

    def sentence(self) -> str:
        if self.problem:
            return f"the project's tests were not run: {self.problem}"
        return f"the project's tests: {self.short()}"


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def read_summary(output: str) -> SuiteVerdict | None:
    """The runner's JSON summary from the end of the output, checked field by field; None if absent."""
    for line in reversed(output.strip().splitlines()[-5:]):
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if not isinstance(data, dict):
            continue
        failures = data.get("failures")
        shown, ids = [], []
        for item in (failures if isinstance(failures, list) else [])[:MAX_FAILURES]:
            if isinstance(item, dict) and isinstance(item.get("test"), str) and isinstance(item.get("message"), str):
                ids.append(item["test"][:SHOWN_FAILURE_CHARS])
                if item["message"]:
                    shown.append(f"{item['test']}: {item['message']}"[:SHOWN_FAILURE_CHARS])
        hints = data.get("hints")
        contradicted = tuple(item[:SHOWN_FAILURE_CHARS] for item in (hints if isinstance(hints, list) else [])[:10]
                             if isinstance(item, str))
        return SuiteVerdict(_int(data.get("passed")), _int(data.get("failed")), _int(data.get("skipped")), tuple(shown),
                            frozenset(ids), contradicted=contradicted)
    return None


class ProjectTests:
    """The project's tests for one session: found once per tree, run at most once per tree."""

    def __init__(self, workspace: Workspace, sandbox: Sandbox, seconds: float = RUN_SECONDS) -> None:
        self.workspace = workspace
        self.sandbox = sandbox
        self.seconds = seconds
        self.started = 0  # runs really started (the rest came from the cache)
        self._runs: dict[str, SuiteVerdict] = {}
        self._at_start: asyncio.Task[SuiteVerdict | None] | None = None

    def begin(self) -> None:
        """Run the tests on the tree as the session starts, in the background (no turn waits for it):
        a test that already failed then, and has nothing to do with the session's changes, is not
        held against its `done` (pluggy's own tests, which need pytest, failed in every hosted run)."""
        if self._at_start is None:
            self._at_start = asyncio.ensure_future(self.run())

    def end(self) -> None:
        if self._at_start is not None and not self._at_start.done():
            self._at_start.cancel()

    def begin_task(self) -> None:
        """A follow-up task begins: its start is now (a test failing then is not held against its
        `done`), run in the background as at the session's start."""
        self.end()
        self._at_start = None
        self.begin()

    async def at_start(self) -> SuiteVerdict | None:
        if self._at_start is None:
            return None
        try:
            return await self._at_start
        except (asyncio.CancelledError, OSError):
            return None

    async def at_done(self, task: str, changed: set[str],
                      audit: tuple[str, ...] = ()) -> tuple[SuiteVerdict, list[str], int] | None:
        """The verdict now, the failing tests that count against the claim (new since the start, in a
        test file the session changed or the task names, or one that imports a module the session
        changed), and how many failed already at the start. None: no test files. `audit`: modules
        whose type hints the run holds against the values the tests pass (HINTS_AUDIT)."""
        now = await self.run(audit)
        if now is None or not now.ran:
            return (now, [], 0) if now is not None else None
        start = await self.at_start()
        before = start.failing if start is not None and start.ran else None
        counted = [test for test in sorted(now.failing)
                   if before is None or test not in before or self._concerns(test.split("::", 1)[0], task, changed)]
        if now.failed > len(now.failing):  # failures past MAX_FAILURES are not named: they count
            counted.append(f"{now.failed - len(now.failing)} more")
        return now, counted, len(before) if before is not None else 0

    def _concerns(self, test_file: str, task: str, changed: set[str]) -> bool:
        if test_file in changed or test_file in task:
            return True
        modules = {re.sub(r"\.py$", "", rel).rsplit("/", 1)[-1] for rel in changed if rel.endswith(".py")}
        modules.discard("__init__")
        if not modules:
            return False
        text = text_head(self.workspace, test_file)
        if text is None:
            return False
        names = "|".join(re.escape(m) for m in sorted(modules))
        return re.search(rf"^\s*(?:from|import)\s+[\w., ]*\b(?:{names})\b", text, re.MULTILINE) is not None

    def _tree(self) -> tuple[list[str], list[str], str, int]:
        """The project's files, its test files, a key of their content, and their size in bytes.

        The files a `.gitignore` leaves out are copied too while they fit: a test may read one, and
        what the tests say must not turn on what git tracks (heldout8's r04, asked to edit the
        `.gitignore`, listed the tests' data/sample.csv in it, and the copy left the file out: every
        test failed at done, and the model was sent to "fix" the test)."""
        every = self._measured(project_files(self.workspace, gitignore=False).files)
        return every if every[3] <= COPY_BYTES else self._measured(project_files(self.workspace).files)

    def _measured(self, files: list[str]) -> tuple[list[str], list[str], str, int]:
        tests = [rel for rel in files if TEST_FILE.search(rel)]
        digest = hashlib.sha256()
        size = 0
        for rel in files:
            try:
                st = os.lstat(self.workspace.root / rel)
                # Every file's content, not only the code's: a test reads its data files too (a
                # changed CSV must run the tests again). A large file is keyed by size and time.
                data = self.workspace.read_bytes(rel) if st.st_size <= KEYED_BY_CONTENT_BYTES else \
                    f"{st.st_size}:{st.st_mtime_ns}".encode()
            except (OSError, WorkspaceError, PathEscape, ValueError):
                continue
            size += st.st_size
            digest.update(rel.encode("utf-8", "surrogateescape") + b"\0" + hashlib.sha256(data).digest())
            if size > COPY_BYTES:
                break
        return files, tests, digest.hexdigest(), size

    async def run(self, audit: tuple[str, ...] = ()) -> SuiteVerdict | None:
        """The tests' verdict on the tree as it is now; None when the project has no test files."""
        files, tests, key, size = await asyncio.to_thread(self._tree)
        if not tests:
            return None
        audit = tuple(m for m in audit if _MODULE.fullmatch(m))
        key += "|" + ",".join(audit)
        if key in self._runs:
            return self._runs[key]
        if len(tests) > MAX_TEST_FILES:
            verdict = SuiteVerdict(problem=f"{len(tests)} test files, more than the {MAX_TEST_FILES} run at done")
        elif size > COPY_BYTES:
            verdict = SuiteVerdict(problem=f"the project's files pass {COPY_BYTES // 1_000_000} MB, the copy tests run in")
        elif not self.sandbox.confined:
            verdict = SuiteVerdict(problem="commands are not sandboxed here, and tests are code nobody approved")
        else:
            verdict = await self._run_in_copy(files, tests, audit)
        self._runs[key] = verdict
        return verdict

    async def _run_in_copy(self, files: list[str], tests: list[str], audit: tuple[str, ...] = ()) -> SuiteVerdict:
        copy = await asyncio.to_thread(tempfile.mkdtemp, prefix="smallops-tests-")
        try:
            await asyncio.to_thread(self._copy, files, copy)
            audited = [f"--audit={','.join(audit)}"] if audit else []
            command = f"python3 -c {shlex.quote(RUNNER)} " + " ".join(shlex.quote(t) for t in [*audited, *tests])
            self.started += 1
            result = await run_command(command, copy, timeout=self.seconds, sandbox=self.sandbox)
        finally:
            await asyncio.to_thread(shutil.rmtree, copy, True)
        if result.timed_out:
            return SuiteVerdict(problem=f"they did not finish within {self.seconds:g} s")
        summary = read_summary(result.output)
        if summary is None:
            last = (result.output.strip().splitlines() or ["no output"])[-1][:SHOWN_FAILURE_CHARS]
            return SuiteVerdict(problem=f"the runner ended with code {result.exit_code} ({last})")
        return summary

    def _copy(self, files: list[str], copy: str) -> None:
        for rel in files:
            source = self.workspace.root / rel
            target = os.path.join(copy, rel)
            try:
                if source.is_symlink() or not source.is_file():
                    continue  # links are not followed out of the project, nor special files opened
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(source, target)
            except OSError:
                continue
