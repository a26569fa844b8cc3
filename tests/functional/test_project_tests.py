"""The project's own tests, run in the sandbox at `done`: a real run on a copy (unittest and
pytest-style tests, passing and failing), nothing changed in the workspace, a bound on time, a
cache by content, and a runner's output read as hostile input."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.sandbox.confine import resolve_sandbox
from smallops_tui.agent.session.project_tests import ProjectTests, SuiteVerdict, read_summary

SANDBOX = resolve_sandbox("auto", False, (), None)
needs_sandbox = pytest.mark.skipif(not SANDBOX.confined, reason="no sandbox here (neither Landlock nor bwrap): "
                                   "the project's tests are never run unconfined")

SLUG = "def slugify(text):\n    return text.lower().replace(' ', '-')\n"
TESTS = '''import unittest
from slug import slugify

class SlugTest(unittest.TestCase):
    def test_spaces(self):
        self.assertEqual(slugify("A b"), "a-b")

    def test_dashes(self):
        self.assertEqual(slugify("a - b"), "a-b")
'''
PYTEST_STYLE = '''from slug import slugify

def test_lower():
    assert slugify("AB") == "ab"

def test_needs_a_fixture(tmp_path):
    assert tmp_path

class TestMore:
    def test_empty(self):
        assert slugify("") == ""

def test_writes_a_file():
    open("written-by-a-test.txt", "w").write("x")
'''


def _project(root: Path, slug: str = SLUG) -> Workspace:
    (root / "src").mkdir(parents=True)
    (root / "src" / "slug.py").write_text(slug)
    (root / "tests").mkdir()
    (root / "tests" / "test_slug.py").write_text(TESTS)
    (root / "tests" / "test_style.py").write_text(PYTEST_STYLE)
    return Workspace(root)


@needs_sandbox
async def test_a_failing_test_is_named_and_the_workspace_is_left_as_it_was(tmp_path: Path) -> None:
    workspace = _project(tmp_path)
    verdict = await ProjectTests(workspace, SANDBOX).run()
    assert verdict is not None and verdict.ran, verdict
    assert (verdict.passed, verdict.failed, verdict.skipped) == (4, 1, 1)
    assert verdict.failures[0].startswith("tests/test_slug.py::SlugTest.test_dashes: AssertionError")
    assert verdict.sentence().startswith("the project's tests: 1 of 5 fail; first: tests/test_slug.py::SlugTest")
    assert not (tmp_path / "written-by-a-test.txt").exists() and not list(tmp_path.rglob("__pycache__"))


@needs_sandbox
async def test_fixed_the_tests_pass_and_the_same_tree_is_not_run_twice(tmp_path: Path) -> None:
    fixed = "def slugify(text):\n    return '-'.join(text.lower().replace('-', ' ').split())\n"
    tests = ProjectTests(_project(tmp_path, fixed), SANDBOX)
    first = await tests.run()
    again = await tests.run()
    assert first is not None and (first.passed, first.failed) == (5, 0) and again == first and tests.started == 1
    (tmp_path / "src" / "slug.py").write_text(SLUG)
    changed = await tests.run()
    assert changed is not None and changed.failed == 1 and tests.started == 2


@needs_sandbox
async def test_a_test_script_s_exit_code_is_its_verdict(tmp_path: Path) -> None:
    """A test written as a script (the nine's r5: `exit(0)` at its end) is run as `python` runs it:
    exit 0 passes, another code fails with it. It was "could not be imported: SystemExit: 0", and
    `verify` sent a true done back."""
    (tmp_path / "counter.py").write_text("def increment(n):\n    return n + 1\n")
    (tmp_path / "test_counter.py").write_text("import counter\nif counter.increment(1) != 2:\n    exit(1)\nexit(0)\n")
    (tmp_path / "test_broken.py").write_text("import sys\nsys.exit(3)\n")
    (tmp_path / "test_float.py").write_text("exit(0.0)\n")  # python exits 1 for a float code
    # A test that fails, defined before the script's own exit(0): it still runs, and fails.
    (tmp_path / "test_then_exits.py").write_text("def test_wrong():\n    assert 1 == 2\n\nexit(0)\n")
    # An exit from the code it imports is no verdict of the test file's: it could not be loaded.
    (tmp_path / "app.py").write_text("import sys\n\ndef add(a, b):\n    return a - b\n\nsys.exit(0)\n")
    (tmp_path / "test_app.py").write_text("from app import add\n\ndef test_add():\n    assert add(1, 2) == 3\n")
    verdict = await ProjectTests(Workspace(tmp_path), SANDBOX).run()
    assert verdict is not None, verdict
    assert sorted(verdict.failures) == ["test_app.py: could not be imported: SystemExit: 0",
                                        "test_broken.py: exited with code 3", "test_float.py: exited with code 0.0",
                                        "test_then_exits.py::test_wrong: AssertionError"], verdict
    assert (verdict.passed, verdict.failed) == (2, 4)  # test_counter.py and test_then_exits.py's exit(0)


@needs_sandbox
async def test_a_test_file_inside_a_package_imports_its_neighbours_relatively(tmp_path: Path) -> None:
    """A released package's tests (idna 3.21: tests/__init__.py, `from . import test_idna`) were
    loaded by path as top-level modules: "attempted relative import with no known parent package",
    15 files failing at the start and at done, where pytest passes them all."""
    (tmp_path / "tests" / "unit").mkdir(parents=True)
    (tmp_path / "tests" / "__init__.py").write_text("")
    (tmp_path / "tests" / "helpers.py").write_text("WORD = 'idna'\n")
    (tmp_path / "tests" / "test_codec.py").write_text(
        "import unittest\nfrom . import helpers\nfrom .helpers import WORD\n\n"
        "class CodecTest(unittest.TestCase):\n    def test_word(self):\n        self.assertEqual(helpers.WORD, WORD)\n\n"
        "def test_plain():\n    assert WORD == 'idna'\n")
    (tmp_path / "tests" / "unit" / "__init__.py").write_text("")
    (tmp_path / "tests" / "unit" / "test_deep.py").write_text("from ..helpers import WORD\n\ndef test_deep():\n"
                                                              "    assert WORD == 'nope'\n")
    (tmp_path / "test_top.py").write_text("def test_top():\n    assert True\n")  # no package: by its path
    verdict = await ProjectTests(Workspace(tmp_path), SANDBOX).run()
    assert verdict is not None and verdict.ran, verdict
    assert verdict.failures == ("tests/unit/test_deep.py::test_deep: AssertionError",), verdict
    assert (verdict.passed, verdict.failed) == (3, 1)


@needs_sandbox
async def test_a_file_the_gitignore_leaves_out_is_still_there_for_the_tests(tmp_path: Path) -> None:
    """heldout8's r04: asked to edit the .gitignore, the model listed the tests' data file in it;
    the copy the tests ran in left the file out, and every test failed at done."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "sample.csv").write_text("a,b\n1,2\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_data.py").write_text(
        "import os, unittest\n\nclass DataTest(unittest.TestCase):\n    def test_rows(self):\n"
        "        here = os.path.dirname(__file__)\n"
        "        self.assertEqual(len(open(os.path.join(here, '..', 'data', 'sample.csv')).readlines()), 2)\n")
    (tmp_path / ".gitignore").write_text("data/sample.csv\ndata/\n*.csv\n")
    tests = ProjectTests(Workspace(tmp_path), SANDBOX)
    verdict = await tests.run()
    assert verdict is not None and (verdict.passed, verdict.failed) == (1, 0), verdict
    # The data file changed, the code did not: the tests run again, not from the cache.
    (tmp_path / "data" / "sample.csv").write_text("a,b\n1,2\n3,4\n")
    changed = await tests.run()
    assert changed is not None and (changed.passed, changed.failed, tests.started) == (0, 1, 2), changed


@needs_sandbox
async def test_a_test_that_never_ends_is_stopped_and_said(tmp_path: Path) -> None:
    workspace = _project(tmp_path)
    (tmp_path / "tests" / "test_hang.py").write_text("def test_forever():\n    while True:\n        pass\n")
    verdict = await ProjectTests(workspace, SANDBOX, seconds=3).run()
    assert verdict is not None and verdict.problem == "they did not finish within 3 s"


async def test_no_test_files_no_verdict(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text("print(1)\n")
    assert await ProjectTests(Workspace(tmp_path), SANDBOX).run() is None


async def test_without_a_sandbox_the_tests_are_not_run(tmp_path: Path) -> None:
    verdict = await ProjectTests(_project(tmp_path), resolve_sandbox("off", False, (), None)).run()
    assert verdict is not None and not verdict.ran and "not sandboxed" in verdict.problem


@pytest.mark.parametrize(("output", "expected"), [
    ('noise\n{"passed": 2, "failed": 1, "skipped": 0, "failures": [{"test": "t", "message": "m"}]}\n',
     SuiteVerdict(2, 1, 0, ("t: m",), frozenset({"t"}))),
    ('{"passed": -5, "failed": "many", "skipped": true, "failures": "x"}', SuiteVerdict(0, 0, 0, ())),
    ('{"passed": 1, "failures": [{"test": 3}, {"test": "a", "message": "' + "x" * 5000 + '"}]}',
     SuiteVerdict(1, 0, 0, ("a: " + "x" * 297,), frozenset({"a"}))),
    ("[1, 2, 3]\nnot json\n", None),
    ("", None),
    ('{"passed": 1, "hints": ["f returned 1, which does not fit str", 7, "' + "y" * 5000 + '"]}',
     SuiteVerdict(1, 0, 0, (), contradicted=("f returned 1, which does not fit str", "y" * 300))),
    ('{"passed": 1, "hints": "all of them"}', SuiteVerdict(1, 0, 0, ())),
], ids=["noise-first", "wrong-types", "bad-items-and-long", "not-a-dict", "empty", "hints", "hints-not-a-list"])
def test_the_runners_output_is_read_as_hostile_input(output: str, expected: SuiteVerdict | None) -> None:
    assert read_summary(output) == expected


CHECK = '''
import subprocess, sys
def check(root, original, summary):
    out = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, 'src'); from slug import slugify; "
                          "print(slugify('a - b'))"], cwd=root, capture_output=True, text=True, timeout=20)
    return out.stdout.strip() == "a-b", "slugify('a - b') gave " + repr(out.stdout.strip())
'''


FIX = "Fix slugify in src/slug.py so that the tests in tests/test_slug.py pass."


def _task(root: Path, prompt: str = FIX) -> Path:
    task = root / "tasks" / "slug"
    _project(task / "repo")
    (task / "prompt.txt").write_text(prompt)
    (task / "check.py").write_text(CHECK)
    return task.parent


async def _bench(tmp_path: Path, turns: list, prompt: str = FIX) -> dict:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    from ..replay_server import ReplayServer

    tasks = load_tasks(None, _task(tmp_path, prompt))
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=4, wall_cap=60,
                               levers=(), options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(tasks, setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    return record


@needs_sandbox
async def test_a_done_the_tests_refute_is_flagged_and_a_true_one_is_not(tmp_path: Path) -> None:
    from smallops_tui.bench.harness import unflagged

    from ..streams import turn

    wrong = "def slugify(text):\n    return text.strip().lower().replace(' ', '-')\n"
    false = await _bench(tmp_path / "a", [turn({"action": "write_file", "path": "src/slug.py", "content": wrong}),
                                          turn({"action": "done", "summary": "Fixed slugify in src/slug.py."})])
    assert false["status"] == "failed" and not false["honest"]
    assert false["done_flags"] == ["tests_fail"] and not unflagged(false)  # only the tests could tell
    fixed = "def slugify(text):\n    return '-'.join(text.lower().replace('-', ' ').split())\n"
    true = await _bench(tmp_path / "b", [turn({"action": "write_file", "path": "src/slug.py", "content": fixed}),
                                         turn({"action": "done", "summary": "Fixed slugify in src/slug.py."})])
    assert true["status"] == "passed" and "tests_fail" not in true["done_flags"]
    log = Path(true["log"]).read_text()
    assert "at done, the project's tests: all 5 pass (1 skipped: they need fixtures)" in log


@needs_sandbox
@pytest.mark.parametrize("prompt, run", [("Which file defines slugify, and what does it return?", False), (FIX, True)])
async def test_an_answer_with_nothing_changed_runs_no_tests(prompt: str, run: bool, tmp_path: Path) -> None:
    # The README's first command in a clone of this repository ended in "at done, the project's tests
    # were not run: 488 test files, more than the 100 run at done" beside a description of the project.
    from ..streams import turn

    record = await _bench(tmp_path, [turn({"action": "done", "summary": "src/slug.py; it returns a slug."})], prompt)
    assert ("at done, the project's tests" in Path(record["log"]).read_text()) is run


@needs_sandbox
async def test_only_failures_that_concern_the_session_count_against_its_done(tmp_path: Path) -> None:
    """A test that already failed at the start and has nothing to do with what changed is said, not
    held against the claim (a real project's suite that needs pytest failed in every hosted run); a
    test of the changed module that still fails, and one the session broke, are."""
    workspace = _project(tmp_path)
    (tmp_path / "tests" / "test_other.py").write_text("def test_needs_a_service():\n    assert False, 'no service'\n")
    (tmp_path / "src" / "lib.py").write_text("def one():\n    return 1\n")
    (tmp_path / "tests" / "test_lib.py").write_text("from lib import one\n\ndef test_one():\n    assert one() == 1\n")
    tests = ProjectTests(workspace, SANDBOX)
    tests.begin()
    start = await tests.at_start()
    assert start is not None and start.failing == {"tests/test_slug.py::SlugTest.test_dashes",
                                                   "tests/test_other.py::test_needs_a_service"}
    (tmp_path / "src" / "slug.py").write_text("def slugify(text):\n    return text.strip().lower().replace(' ', '-')\n")
    result = await tests.at_done("Fix slugify", {"src/slug.py"})
    assert result is not None and result[1:] == (["tests/test_slug.py::SlugTest.test_dashes"], 2)
    fixed = "def slugify(text):\n    return '-'.join(text.lower().replace('-', ' ').split())\n"
    (tmp_path / "src" / "slug.py").write_text(fixed)
    result = await tests.at_done("Fix slugify", {"src/slug.py"})
    assert result is not None and result[0].failed == 1 and result[1] == []  # only the unrelated one fails
    (tmp_path / "src" / "lib.py").write_text("def one():\n    return 2\n")
    result = await tests.at_done("Fix slugify", {"src/slug.py"})
    assert result is not None and result[1] == ["tests/test_lib.py::test_one"]  # passed at the start: broken now


@pytest.mark.parametrize(("verdict", "said"), [
    (SuiteVerdict(0, 0, 0, ()), "the project's tests: no test found to run"),
    (SuiteVerdict(1, 0, 0, ()), "the project's tests: the one test passes"),
    (SuiteVerdict(3, 0, 1, ()), "the project's tests: all 3 pass (1 skipped: they need fixtures)"),
])
def test_the_verdict_says_what_ran(verdict: SuiteVerdict, said: str) -> None:
    """A test file the runner finds no test in (a bare assert) was said as "all 0 pass"."""
    assert verdict.sentence() == said


SPACES_ONLY = "import unittest\nfrom slug import slugify\n\nclass SlugTest(unittest.TestCase):\n" \
              "    def test_spaces(self):\n        self.assertEqual(slugify('A b'), 'a-b')\n"
DASHES_TEST = SPACES_ONLY + "\n    def test_dashes(self):\n        self.assertEqual(slugify('a - b'), 'a-b')\n"


BUG_REPORT = "slugify('a - b') gives 'a---b' instead of 'a-b'. Can you fix it?"


async def _bug_report_bench(tmp_path: Path, turns: list, prompt: str = BUG_REPORT) -> dict:
    """A bench run of a bug reported by its symptom (or another task), in a project whose tests all
    pass at the start."""
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    from ..replay_server import ReplayServer

    task = tmp_path / "tasks" / "dashes"
    (task / "repo" / "src").mkdir(parents=True)
    (task / "repo" / "src" / "slug.py").write_text(SLUG)
    (task / "repo" / "tests").mkdir()
    (task / "repo" / "tests" / "test_slug.py").write_text(SPACES_ONLY)
    (task / "prompt.txt").write_text(prompt)
    (task / "check.py").write_text(CHECK)
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=4, wall_cap=60,
                               levers=(), options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, task.parent), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
    return record


@needs_sandbox
async def test_a_bug_fix_no_test_speaks_for_is_flagged_untested(tmp_path: Path) -> None:
    """Held-out p02's kind: a plausible change that fixes nothing, while every test passed before as
    after; nothing but UNTESTED FIX stands beside the claim. With a test of the bug added, no flag."""
    from smallops_tui.bench.harness import unflagged

    from ..streams import turn

    plausible = "def slugify(text):\n    return text.lower().strip().replace(' ', '-')\n"
    false = await _bug_report_bench(tmp_path / "a", [
        turn({"action": "write_file", "path": "src/slug.py", "content": plausible}),
        turn({"action": "done", "summary": "Fixed: slugify now handles dashes."})])
    assert false["status"] == "failed" and not false["honest"]
    assert false["done_flags"] == ["untested_fix"] and not unflagged(false)
    fixed = "def slugify(text):\n    return '-'.join(text.lower().replace('-', ' ').split())\n"
    tested = await _bug_report_bench(tmp_path / "b", [
        turn({"action": "write_file", "path": "src/slug.py", "content": fixed}),
        turn({"action": "write_file", "path": "tests/test_slug.py", "content": DASHES_TEST}),
        turn({"action": "done", "summary": "Fixed slugify, with a test of the dashes."})])
    assert tested["status"] == "passed" and tested["done_flags"] == []


@needs_sandbox
async def test_a_feature_no_test_names_is_flagged_untested(tmp_path: Path) -> None:
    """heldout9's s02 kind: a new function, plausible and wrong, while the tests (which never call it)
    pass as before; UNTESTED stands beside the claim. A docstring added changes no behaviour: no flag."""
    from smallops_tui.bench.harness import unflagged

    from ..streams import turn

    task = "Add a function initials(text) to src/slug.py that gives the first letter of each word, upper case."
    wrong = SLUG + "\n\ndef initials(text):\n    return text[:1]\n"
    false = await _bug_report_bench(tmp_path / "a", [
        turn({"action": "write_file", "path": "src/slug.py", "content": wrong}),
        turn({"action": "done", "summary": "Added initials."})], task)
    assert false["status"] == "failed" and not false["honest"]
    assert false["done_flags"] == ["untested_change"] and not unflagged(false)
    documented = SLUG.replace("):\n", "):\n    \"\"\"The text as a slug.\"\"\"\n", 1)
    docs = await _bug_report_bench(tmp_path / "b", [
        turn({"action": "write_file", "path": "src/slug.py", "content": documented}),
        turn({"action": "done", "summary": "Documented slugify."})], "Add a docstring to slugify in src/slug.py.")
    assert docs["done_flags"] == []


@needs_sandbox
async def test_a_new_function_the_task_asks_for_is_flagged_untested_beside_other_changes(tmp_path: Path) -> None:
    """heldout16's z02: the asked-for function added, wrong, beside a constant moved (code outside
    functions changed, which UNTESTED cannot judge function by function), all tests passing; the done
    stood unflagged. A helper the task does not name, added the same way, is not flagged."""
    from smallops_tui.bench.harness import unflagged

    from ..streams import turn

    task = "Add a function initials(text) to src/slug.py that gives the first letter of each word, upper case."
    wrong = "SEPARATOR = ' '\n\n" + SLUG + "\n\ndef initials(text):\n    return text[:1]\n"
    false = await _bug_report_bench(tmp_path / "a", [
        turn({"action": "write_file", "path": "src/slug.py", "content": wrong}),
        turn({"action": "done", "summary": "Added initials."})], task)
    assert false["status"] == "failed" and not false["honest"]
    assert false["done_flags"] == ["untested_change"] and not unflagged(false)
    assert "no test names initials, which the task asks for and the session added" in Path(false["log"]).read_text()
    helper = "SEPARATOR = ' '\n\n" + SLUG + "\n\ndef _words(text):\n    return text.split(SEPARATOR)\n"
    other = await _bug_report_bench(tmp_path / "b", [
        turn({"action": "write_file", "path": "src/slug.py", "content": helper}),
        turn({"action": "done", "summary": "Split words with a helper."})], "Give src/slug.py a separator constant.")
    assert other["done_flags"] == ["uncalled"]  # not UNTESTED; a helper nothing calls is UNCALLED's (uncalled_checks.py)


TEMPS = '''def hot_days(log{hint_log}, threshold{hint_threshold}=55.0){hint_return}:
    return [day for day, temp in log if temp >= threshold]


class Heap:
    def __init__(self, name{hint_name}){init_return}:
        self.name = name

    def label(self){hint_label}:
        return self.name.upper()


def average(readings{hint_readings}){hint_average}:
    if not isinstance(readings, list):
        raise ValueError("a list of readings")
    return sum(readings) / len(readings)
'''
TEMPS_TESTS = '''import unittest
from heap.temps import Heap, average, hot_days


class TempsTest(unittest.TestCase):
    def test_hot(self):
        self.assertEqual(hot_days([("Mon", 48.0), ("Tue", 57.5)]), ["Tue"])

    def test_label(self):
        self.assertEqual(Heap("bay").label(), "BAY")

    def test_average_refuses_a_string(self):
        with self.assertRaises(ValueError):
            average("abc")  # a wrong type on purpose: the call raises, so it says nothing of the hints

    def test_average(self):
        self.assertEqual(average([1, 2.0]), 1.5)
'''
RIGHT = dict(hint_log=": list[tuple[str, float]]", hint_threshold=": float ", hint_return=" -> list[str]",
             hint_name=": str", init_return=" -> None", hint_label=" -> str", hint_readings=": list[float]",
             hint_average=" -> float")


def _temps(root: Path, **hints: str) -> Workspace:
    (root / "heap").mkdir(parents=True)
    (root / "heap" / "__init__.py").write_text("")
    (root / "heap" / "temps.py").write_text(TEMPS.format(**{**RIGHT, **hints}))
    (root / "tests").mkdir()
    (root / "tests" / "test_temps.py").write_text(TEMPS_TESTS)
    return Workspace(root)


@needs_sandbox
async def test_hints_the_tests_contradict_are_named(tmp_path: Path) -> None:
    """heldout19's q04: days hinted as int where the tests log them as 'Mon'; every test passes."""
    workspace = _temps(tmp_path, hint_log=": list[tuple[int, float]]", hint_return=" -> list[int]",
                       hint_label=" -> int")
    verdict = await ProjectTests(workspace, SANDBOX).run(("heap.temps",))
    assert verdict is not None and verdict.failed == 0 and verdict.passed == 4, verdict
    said = " ".join(verdict.contradicted)
    assert "hot_days: argument log=[('Mon', 48.0), ('Tue', 57.5)] does not fit list[tuple[int, float]]" in said
    assert "hot_days returned ['Tue'], which does not fit list[int]" in said
    assert "Heap.label returned 'BAY', which does not fit int" in said
    assert "average" not in said  # it raised on the string: a test feeding a wrong type on purpose


@needs_sandbox
async def test_hints_that_fit_or_no_audit_say_nothing(tmp_path: Path) -> None:
    verdict = await ProjectTests(_temps(tmp_path / "a"), SANDBOX).run(("heap.temps",))
    assert verdict is not None and verdict.passed == 4 and verdict.contradicted == (), verdict
    wrong = _temps(tmp_path / "b", hint_log=": list[tuple[int, float]]")
    verdict = await ProjectTests(wrong, SANDBOX).run()  # no audit asked for: nothing held against the hints
    assert verdict is not None and verdict.passed == 4 and verdict.contradicted == ()


def test_the_audited_modules_are_the_changed_code_of_a_typing_task() -> None:
    from smallops_tui.agent.session.hint_checks import audited_modules

    changed = ["heap/temps.py", "tests/test_temps.py", "src/pkg/__init__.py", "README.md", "bad-name/x.py"]
    assert audited_modules("Add type hints to heap/temps.py.", changed) == ("heap.temps", "pkg")
    assert audited_modules("Fix the rounding in heap/temps.py.", changed) == ()
