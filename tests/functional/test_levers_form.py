"""The levers about an edit's file and form (`form`, `handsoff`, `wrongfile`), through a real bench
run against the replay server: what is proposed and written, what the model is told, and the
check's verdict, on task folders made here the way a user's own tasks are."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable
from pathlib import Path

import pytest

from smallops_tui.agent import read_log
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.form import keep_form
from smallops_tui.agent.session.task_checks import asks_only, hands_off
from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import BenchSetup, load_tasks
from smallops_tui.bench.parallel import run_bench

from smallops_tui.agent.session.levers.part import UNSTICK_TEMPERATURE as UNSTICK
from ..replay_server import ReplayServer
from ..streams import turn
from smallops_tui.agent.log.events import ActionProposed
from ..typed import of

MODEL = "qwen2.5-coder:1.5b"


def _task(root: Path, name: str, prompt: str, files: dict[str, str], check: str) -> Path:
    folder = root / "tasks" / name
    (folder / "repo").mkdir(parents=True)
    (folder / "prompt.txt").write_text(prompt)
    (folder / "check.py").write_text(check)
    for path, text in files.items():
        (folder / "repo" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "repo" / path).write_text(text)
    return folder.parent


async def _run(tasks: Path, name: str, levers: tuple[str, ...], turns: list, tmp_path: Path,
               policy: str = "approve-non-high") -> tuple[list[dict], dict, list]:
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            setup = BenchSetup(backend, "ollama", server.url, MODEL, {}, policy=policy, step_cap=len(turns),
                               wall_cap=30, levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks([name], tasks), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    requests = [r.json() for r in server.requests if r.path == "/api/chat"]
    return requests, record, read_log(record["log"]).events


def _proposed(events: Iterable[object]) -> list[ActionProposed]:
    return of(events, ActionProposed)


REMOVE_DEBUG = 'def check(root, original, summary):\n    t = (root / "main.py").read_text()\n' \
               '    return t == "total = 2 + 3\\nprint(total)\\n", repr(t)\n'


@pytest.mark.parametrize("levers, passes", [(("form",), True), ((), False)])
async def test_a_write_keeps_the_files_final_newline(levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    tasks = _task(tmp_path, "debug", 'Remove the line that prints "debug" from main.py.',
                  {"main.py": 'total = 2 + 3\nprint("debug")\nprint(total)\n'}, REMOVE_DEBUG)
    turns = [turn({"action": "write_file", "path": "main.py", "content": "total = 2 + 3\nprint(total)"}),
             turn({"action": "done", "summary": "removed"})]
    _, record, events = await _run(tasks, "debug", levers, turns, tmp_path)
    assert (record["status"] == "passed") is passes, record["check"]
    write = _proposed(events)[0]
    content = write.action["content"]
    assert isinstance(content, str)
    assert content.endswith("\n") is passes  # what was proposed is what was written
    assert any(r.kind == "final_newline_kept" for r in write.repairs) is passes


GREET = 'import subprocess, sys\ndef check(root, original, summary):\n' \
        '    out = subprocess.run([sys.executable, "-c", "import greet; print(greet.greet())"], cwd=root,\n' \
        '                         capture_output=True, text=True)\n' \
        '    return out.stdout == "Hello, world\\n", out.stderr[-300:]\n'


# As a 1.5B model sends it: one escape too many; or a Markdown block (39 writes of heldout8's and
# heldout9's runs opened a Python file's content with ```python, and `lint` answered "line 1:
# invalid syntax" while the model sent the same again).
SENT_OTHERWISE = ["def greet(name='world'):\\n    return 'Hello, ' + name",
                  "```python\ndef greet(name='world'):\n    return 'Hello, ' + name\n```"]


@pytest.mark.parametrize("sent", SENT_OTHERWISE)
@pytest.mark.parametrize("levers, passes", [(("form",), True), ((), False)])
async def test_code_sent_with_escaped_line_breaks_or_in_a_fence_is_written_as_code(
        sent: str, levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    tasks = _task(tmp_path, "greet", 'Give name a default value of "world".',
                  {"greet.py": "def greet(name):\n    return 'Hello, ' + name\n"}, GREET)
    turns = [turn({"action": "write_file", "path": "greet.py", "content": sent}),
             turn({"action": "done", "summary": "default added"})]
    _, record, events = await _run(tasks, "greet", levers, turns, tmp_path)
    assert (record["status"] == "passed") is passes, record["check"]
    written = _proposed(events)[0].action["content"]
    assert written == ("def greet(name='world'):\n    return 'Hello, ' + name\n" if passes else sent)


PORT = 'import json\ndef check(root, original, summary):\n    d = json.loads((root / "config.json").read_text())\n' \
       '    return d == {"debug": True, "port": 9090, "name": "tiny"}, repr(d)\n'


@pytest.mark.parametrize("levers, passes", [(("form",), True), ((), False)])
async def test_a_json_file_sent_back_on_one_line_keeps_its_layout_and_is_not_a_wipe(
        levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    before = json.dumps({"debug": True, "port": 8080, "name": "tiny"}, indent=2) + "\n"
    tasks = _task(tmp_path, "port", "In config.json, change the port to 9090.", {"config.json": before}, PORT)
    turns = [turn({"action": "write_file", "path": "config.json",
                   "content": '{"debug": true, "port": 9090, "name": "tiny"}'}),
             turn({"action": "done", "summary": "port is 9090"})]
    _, record, events = await _run(tasks, "port", levers, turns, tmp_path)
    write = _proposed(events)[0]
    # Laid out as it was, it is a one-line change (MEDIUM, approved under approve-non-high); on one
    # line it wipes the file, which is HIGH and refused by that policy.
    assert (write.verdict.level != "HIGH") is passes and (record["status"] == "passed") is passes
    if passes:
        assert write.diff is not None and write.diff.count("\n-") == 1 and '-  "port": 8080,' in write.diff


def test_a_backspace_in_code_is_read_as_the_escape_the_model_meant(tmp_path: Path) -> None:
    """heldout9's s01: `r'^[0-9][0-9.,]*\\b'` sent in JSON as `\b` became a backspace in the file."""
    (tmp_path / "units.py").write_text("import re\n")
    workspace = Workspace(tmp_path)
    kept, repairs = keep_form(WriteFile(path="units.py", content="import re\nA = re.compile(r'\bg\b')\n"), workspace)
    assert isinstance(kept, WriteFile) and kept.content == "import re\nA = re.compile(r'\\bg\\b')\n"
    assert [r.kind for r in repairs] == ["control_escapes_read"]
    # A document's overstrike and a form feed (a page break) are the file's own.
    for action in (WriteFile(path="man.txt", content="N\bNA\bAM\bME\bE\n"),
                   WriteFile(path="gnu.py", content="def a():\n    pass\n\f\ndef b():\n    pass\n")):
        assert keep_form(action, workspace) == (action, []), action


def test_a_fence_is_kept_where_it_is_the_files_own(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Tool\n")
    workspace = Workspace(tmp_path)
    block = "```\npython -m tool\n```\n"
    for action in (WriteFile(path="README.md", content=block), WriteFile(path="notes.txt", content=block),
                   WriteFile(path="README.md/.", content=block), WriteFile(path="README", content=block),
                   WriteFile(path="answer.md.j2", content=block), WriteFile(path="a.py", content="```python\n```\n"),
                   WriteFile(path="a.py", content="```python\nx = 1\n"),  # no closing fence: not a wrapping
                   WriteFile(path="a.py", content="```\nx = '```'\n```")):  # a fence inside: not one block
        assert keep_form(action, workspace) == (action, []), action


def test_form_leaves_alone_what_it_cannot_be_sure_of(tmp_path: Path) -> None:
    (tmp_path / "open.txt").write_text("no final newline")
    (tmp_path / "ok.py").write_text("x = 1\ny = 2\n")
    (tmp_path / "odd.json").write_text('{"a":1,\n "b": 2}\n')  # laid out by hand: not re-laid
    (tmp_path / "laid.json").write_text('{\n  "a": "caf\u00e9"\n}\n')  # json.dumps(indent=2), not ASCII
    workspace = Workspace(tmp_path)
    cases = [
        WriteFile(path="open.txt", content="still none"),  # the file had no final newline
        WriteFile(path="new.txt", content="a new file"),  # nothing to keep
        WriteFile(path="ok.py", content='print("a\\nb")\n'),  # parses as written: its \n is Python's
        WriteFile(path="odd.json", content='{"a": 1, "b": 3}\n'),
        WriteFile(path="ok.py", content=""),
        # re-dumped, 1e400 would be Infinity (no JSON) and an escaped lone surrogate a character no
        # file can hold (an attacker's review)
        WriteFile(path="laid.json", content='{"a": 1e400}\n'),
        WriteFile(path="laid.json", content='{"a": "\\ud83d"}\n'),
    ]
    for action in cases:
        assert keep_form(action, workspace) == (action, []), action
    kept, repairs = keep_form(WriteFile(path="ok.py", content='print("a\\nb")'), workspace)
    assert isinstance(kept, WriteFile) and kept.content == 'print("a\\nb")\n' and [r.kind for r in repairs] == ["final_newline_kept"]


def test_form_reads_escapes_once_and_in_one_pass(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n\nfirst\nsecond\n")
    kept, repairs = keep_form(WriteFile(path="notes.md", content="# Notes\\n\\nfirst\\nsecond\\nC:\\\\new"),
                              Workspace(tmp_path))
    assert isinstance(kept, WriteFile) and kept.content == "# Notes\n\nfirst\nsecond\nC:\\new\n"  # `\\n` is a backslash and an n
    assert [r.kind for r in repairs] == ["line_breaks_unescaped", "final_newline_kept"]


TODOS = 'def check(root, original, summary):\n' \
        '    same = (root / "app.py").read_text() == (original / "app.py").read_text()\n' \
        '    return same and "3" in (summary or ""), repr(summary)\n'


@pytest.mark.parametrize("levers, passes", [(("handsoff",), True), ((), False)])
async def test_an_edit_the_task_forbids_is_answered(levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    app = "# TODO: a\nx = 1\n# TODO: b\n# TODO: c\n"
    tasks = _task(tmp_path, "todos", "How many TODO comments are in app.py? Do not change any file; give the number "
                  "in your done summary.", {"app.py": app}, TODOS)
    turns = [turn({"action": "write_file", "path": "app.py", "content": app.replace("# TODO: c\n", "")}),
             turn({"action": "done", "summary": "There are 3 TODO comments."})]
    requests, record, events = await _run(tasks, "todos", levers, turns, tmp_path)
    assert (record["status"] == "passed") is passes, record["check"]
    told = "Not written: the task says not to change any file. If the task asks a question, answer it in the summary"
    assert (told in requests[1]["messages"][-1]["content"]) is passes
    assert [e.action["action"] for e in _proposed(events)] == (["done"] if passes else ["write_file", "done"])
    # A task that changes no file is offered no edit at all (heldout8's r06 wrote, cut at the limit, three times).
    offered = [{a["properties"]["action"]["const"] for a in r["format"]["oneOf"]} for r in requests]
    assert all(("write_file" in names) is not passes for names in offered), offered


SECTION_ADDED = 'def check(root, original, summary):\n' \
                '    t = (root / "README.md").read_text()\n' \
                '    return "## Usage" in t and "## Exit status" in t and "- 2: no-fly" in t, t\n'


@pytest.mark.parametrize("levers, passes", [(("mergedocs",), True), ((), False)])
async def test_a_readme_section_sent_alone_is_put_in_place(levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    # heldout16's z11: the section alone as the whole README, a HIGH wipe refused under approve-non-high.
    readme = "# windsock\n\nChecks the wind.\n\n## Usage\n\nwindsock check SITE\n\n## Development\n\nRun the tests.\n"
    tasks = _task(tmp_path, "docs", "Add an 'Exit status' section to README.md.", {"README.md": readme}, SECTION_ADDED)
    turns = [turn({"action": "write_file", "path": "README.md", "content": "## Exit status\n\n- 0: go\n- 2: no-fly\n"}),
             turn({"action": "done", "summary": "Added the Exit status section."})]
    requests, record, events = await _run(tasks, "docs", levers, turns, tmp_path)
    assert (record["status"] == "passed") is passes, record["check"]
    [write, _] = _proposed(events)
    assert (write.verdict.level != "HIGH") is passes, write.verdict  # a wipe without it
    assert any(r.kind == "fragment_merged" for r in write.repairs) is passes


KEPT_TEST = 'def check(root, original, summary):\n' \
            '    same = (root / "tests/test_a.py").read_text() == (original / "tests/test_a.py").read_text()\n' \
            '    return same, "the test file is as it was" if same else "the test file changed"\n'


@pytest.mark.parametrize("levers, kept", [(("handsoff",), True), ((), False)])
async def test_a_command_that_writes_a_file_the_task_keeps_is_answered(levers: tuple[str, ...], kept: bool,
                                                                        tmp_path: Path) -> None:
    # heldout16's z09 (and heldout15's y10): told the test file must not change, the model rewrote the
    # failing test's expectations with sed -i, eight times.
    test = "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(1, 2)\n"
    tasks = _task(tmp_path, "keep", "Make the failing test in tests/test_a.py pass. Don't change the test file.",
                  {"tests/test_a.py": test, "a.py": "X = 1\n"}, KEPT_TEST)
    turns = [turn({"action": "run_command", "command": "sed -i 's/1, 2/2, 2/' tests/test_a.py"}),
             turn({"action": "done", "summary": "The test passes."})]
    requests, record, events = await _run(tasks, "keep", levers, turns, tmp_path)
    assert (record["status"] == "passed") is kept, record["check"]
    told = "Not run: that command writes tests/test_a.py, and the task says not to change it."
    assert (told in requests[1]["messages"][-1]["content"]) is kept
    assert [e.action["action"] for e in _proposed(events)] == (["done"] if kept else ["run_command", "done"])


async def test_a_task_that_asks_only_to_be_told_is_offered_no_edit(tmp_path: Path) -> None:
    # The README's first command in a clone of this repository: the model, told the tree was shown,
    # wrote a README.md of its own ("the project does not have a README.md file").
    readme = "# demo\n\nA tiny greeter.\n"
    check = 'def check(root, original, summary):\n' \
            '    same = (root / "README.md").read_text() == (original / "README.md").read_text()\n' \
            '    return same and "greet" in (summary or ""), repr(summary)\n'
    tasks = _task(tmp_path, "tell", "list the files and say what this project does", {"README.md": readme}, check)
    turns = [turn({"action": "write_file", "path": "README.md", "content": "# Project Description\n"}),
             turn({"action": "done", "summary": "README.md: a tiny greeter."})]
    requests, record, events = await _run(tasks, "tell", ("handsoff",), turns, tmp_path)
    assert record["status"] == "passed", record["check"]
    assert "Not written: the task asks you to tell, not to change files." in requests[1]["messages"][-1]["content"]
    offered = [{a["properties"]["action"]["const"] for a in r["format"]["oneOf"]} for r in requests]
    assert all("write_file" not in names for names in offered), offered


@pytest.mark.parametrize("task, only_done", [("list the files and say what this project does", True),
                                              ("fix the title of README.md", False)])
async def test_a_model_that_keeps_looking_in_a_task_that_asks_is_left_its_answer(
        task: str, only_done: bool, tmp_path: Path) -> None:
    # The README's first command in a clone of this repository: the tree listed and README.md read in
    # turn, each answered by `fresh`, to the step cap.
    check = 'def check(root, original, summary):\n    return "demo" in (summary or ""), repr(summary)\n'
    tasks = _task(tmp_path, "look", task, {"README.md": "# demo\n"}, check)
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "read_file", "path": "README.md"}),
             turn({"action": "list_dir", "path": "."}), turn({"action": "read_file", "path": "README.md"}),
             turn({"action": "done", "summary": "A demo."})]
    requests, record, _ = await _run(tasks, "look", ("fresh", "handsoff"), turns, tmp_path)
    assert record["status"] == "passed", record["check"]
    offered = [{a["properties"]["action"]["const"] for a in r["format"]["oneOf"]} for r in requests]
    assert ("answer in its summary" in requests[3]["messages"][-1]["content"]) is only_done
    assert (offered[4] == {"done"}) is only_done, offered
    assert len(offered[3]) > 1  # one look again is no loop


@pytest.mark.parametrize("task, only", [
    ("list the files and say what this project does", True),
    ("Explain how the cache is invalidated.", True),
    ("What does parse() return for an empty string?", True),
    # a change word that names code is no request
    ("What does add in math.py return for 2 and 3?", True),
    ("What does add(2, 3) return?", True),
    ("What does the function add in math.py return for 2 and 3?", True),
    ("What does `update` print when the cart is empty?", True),
    ("What does --fix do in cli.py?", True),
    ("Add a function add(x) in math.py", False),
    ("Can you add in math.py a subtract function?", False),
    ("What does add return? Fix it.", False),
    ("Remove `foo`", False),
    ("The tests fail. Why?", True),
    ("Which functions in utils.py are unused?", True),
    ("Tell me what main.py prints", True),
    ("Read app.py and explain what it does", True),
    ("A family has asked what the trek would cost for two adults. What total would our code quote them?", True),
    ("How many? Do not change any file.", True),
    ("Can you explain how the cache works?", True),
    ("When is the cache invalidated?", True),
    ("If I run main.py with no args, what happens?", True),
    ("Explain the difference between parse and load.", True),
    ("Explain how the reader and writer share a buffer.", True),
    ("I don't understand the cache. Explain it.", True),
    ("Don't change anything in the repository; which port does it use?", True),
    # a change, however it is put
    ("Why is it slow? Speed it up.", False),
    ("Describe the --dry-run flag in the README.", False),
    ("List the dependencies alphabetically in pyproject.toml", False),
    ("I'd like the greeting to say hello.", False),
    ("Say hello in main.py", False),
    ("Show the version in the --help output.", False),
    ("Look at calc.py and make add work", False),
    ("The warnings are printed. Switch them to logging; report.py printing the report is fine as it is.", False),
    ("Explain what parse() returns in a docstring.", False),
    ("What's wrong with calc.py? Fix it.", False),
    ("Can you add a --json flag?", False),
    # a request put as a question: its question mark asks nothing
    ("Could you switch the logger to structlog?", False),
    ("Can the parser accept tabs?", False),
    ("Why don't we cache this?", False),
    ("How about an enum for the states?", False),
    ("What if parse() accepted tabs?", False),
    ("Is it possible to speed up the loader?", False),
    ("Do you mind switching this to async?", False),
    ("Where's the leak, and can it be plugged?", False),
    ("How do I speed up main.py?", False),
    ("¿Puedes arreglar el bug en calc.py?", False),
    ("Reply with exactly the word READY and nothing else (use the done action with summary READY).", True),
    ("Respond only with the name of the exported function.", True),
    ("Reply with the diff once you have fixed calc.py.", False),
    ("Answer with a patch that makes the tests pass.", False),
    # a wish or a duty, told
    ("What does parse() return? It should return None for empty strings.", False),
    ("The tests fail. Why? I want them to pass.", False),
    ("What is slow in main.py? Your job is to speed it up.", False),
    ("Tell me which tests fail after you swap requests for httpx.", False),
    ("Where is the config loaded? Load it lazily instead.", False),
    # a second verb joined to the one that asks, or a condition's
    ("Explain the bug and patch it.", False),
    ("Explain how the cache works, then speed it up.", False),
    ("Read app.py and patch calc.py.", False),
    ("Tell me what's wrong, then deal with it.", False),
    ("Explain why the parser chokes on tabs \u2013 stop it.", False),
    ("When the user passes --quiet, suppress output.", False),
    # read and look at ask only for what follows them; a verb first asks only with its question mark
    ("Read the timeout from an environment variable.", False),
    ("Look at the failing test.", False),
    ("Have the CLI exit 1 on error.", False),
    ("Describe each option in the help text.", False),
    # "do not change any files" narrowed to some of them
    ("Fix the bug in calc.py. Do not change any files in tests/.", False),
    ("Refactor parse() without changing anything it returns.", False),
])
def test_a_task_that_asks_only_to_be_told(task: str, only: bool) -> None:
    assert asks_only(task) is only
    limit = hands_off(task)
    assert (limit is not None and limit.every_file) is only


@pytest.mark.parametrize("task, every, files", [
    ("How many? Do not change any file.", True, set()),
    ("Answer without modifying anything.", True, set()),
    ("Fix the bug in a.py. Do not change tests/test_a.py.", False, {"tests/test_a.py"}),
    ("Rename x in a.py and leave b.py as it is.", False, {"b.py"}),
    ("Change the port in config.json. Keep the other settings as they are.", None, None),
    ("Change any file you need to.", None, None),
    ("Don't forget to change main.py.", None, None),
    ("Quick question, please don't change anything: which port?", True, set()),
    ("Don't change any.", True, set()),
    # "no code changes" and its kin (heldout9's s06 had its file rewritten)
    ("Quick question, no code changes please: what is the new rating?", True, set()),
    ("Which port does it use? Answer without making any changes.", True, set()),
    ("What does it print? No changes, please.", True, set()),
    ("Explain what parse() returns, and make no edits.", True, set()),
    ("Please don't make any modifications, just tell me the default timeout.", True, set()),
    ("Add the --json flag, with no changes to the tests.", None, None),
    ("Fix the typo in README.md, no other changes.", None, None),
    ("Move the constant into config.py with no behaviour changes.", None, None),
    ("Fix the rounding in fares.py; no changes needed in the tests.", None, None),
    ("Add the option without any changes to the existing flags.", None, None),
    # what the code is to do, not what the assistant may (an attacker's review of the first version)
    ("Add a --dry-run flag to deploy.py that prints what it would do and makes no changes.", None, None),
    ("Make sync.py exit 0 when there are no changes.", None, None),
    ("If the list is already sorted, return it without any changes.", None, None),
    ("Fix the formatting in utils.py so that black reports no changes.", None, None),
    # A constraint on what the edit keeps, not on which files change (held-out n12, m18: the edit the
    # task asked for was refused).
    ("Move it into geo.py and use it from both places, without changing any behaviour.", None, None),
    ("Update the docstring of schedule() to match, without changing any code.", None, None),
    ("Fix the typo in README.md without changing anything else.", None, None),
    ("Bump the version in setup.cfg. Do not change any other file.", None, None),
])
def test_what_a_task_says_not_to_change(task: str, every: bool | None, files: set[str] | None) -> None:
    limit = hands_off(task)
    if every is None:
        assert limit is None, limit
    else:
        assert limit is not None and limit.every_file is every and limit.files == files


@pytest.mark.parametrize("task", [
    "The test test_range in tests/test_fields.py fails. Fix the code; please leave the test itself as it is.",
    "Fix it. Don't touch the tests.",
    "Make the failing test pass without changing the tests.",
    "Without editing any test files, make parse() accept spaces.",
    "The test is right, so please fix the code rather than the test.",
])
def test_a_task_that_says_to_leave_the_tests_alone_covers_the_test_files_only(task: str) -> None:
    limit = hands_off(task)
    assert limit is not None and not limit.every_file and limit.tests
    assert all(limit.covers(p) for p in ("tests/test_fields.py", "pkg/parse_test.py", "test/data.json"))
    assert not any(limit.covers(p) for p in ("cronhelp/fields.py", "README.md", "latest.py"))


@pytest.mark.parametrize("task", ["Add a test for the new --top flag.", "Update the tests to use the new name.",
                                  "Rename parse to read in the package and its tests."])
def test_a_task_that_asks_for_test_changes_leaves_them_open(task: str) -> None:
    assert hands_off(task) is None


RENAME = 'import subprocess, sys\ndef check(root, original, summary):\n' \
         '    texts = [(root / n).read_text() for n in ("util.py", "main.py")]\n' \
         '    out = subprocess.run([sys.executable, "main.py"], cwd=root, capture_output=True, text=True)\n' \
         '    return not any("calc_total" in t for t in texts) and out.stdout.strip() == "5", out.stderr[-300:]\n'


async def test_another_files_text_written_over_a_file_is_answered(tmp_path: Path) -> None:
    util = "def calc_total(items):\n    return sum(price for _, price in items)\n"
    main = 'from util import calc_total\n\nbasket = [("tea", 3), ("bread", 2)]\nprint(calc_total(basket))\n'
    tasks = _task(tmp_path, "rename", "Rename calc_total to total_price everywhere (util.py and main.py).",
                  {"util.py": util, "main.py": main}, RENAME)
    renamed = util.replace("calc_total", "total_price")
    turns = [turn({"action": "read_file", "path": "main.py"}), turn({"action": "read_file", "path": "util.py"}),
             turn({"action": "write_file", "path": "main.py", "content": renamed}),  # util's text, over main.py
             turn({"action": "write_file", "path": "util.py", "content": renamed}),
             turn({"action": "write_file", "path": "main.py", "content": main.replace("calc_total", "total_price")}),
             turn({"action": "done", "summary": "renamed"})]
    requests, record, events = await _run(tasks, "rename", ("wrongfile",), turns, tmp_path)
    assert "Not written: that content is util.py's (changed), not main.py's" in requests[3]["messages"][-1]["content"]
    assert [e.action["path"] for e in _proposed(events) if e.action["action"] == "write_file"] == ["util.py", "main.py"]
    assert record["status"] == "passed", record["check"]


KEEPS = 'import subprocess, sys\ndef check(root, original, summary):\n' \
        '    out = subprocess.run([sys.executable, "-c", "import mathx; print(mathx.square(7), mathx.double(4))"],\n' \
        '                         cwd=root, capture_output=True, text=True)\n' \
        '    return out.stdout.strip() == "49 8", out.stderr[-300:]\n'


@pytest.mark.parametrize("levers, passes", [(("dropped",), True), ((), False)])  # passes: the lever answers
async def test_an_edit_that_drops_a_definition_the_task_does_not_name_is_answered(
        levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    before = "def double(x):\n    return 2 * x\n"
    tasks = _task(tmp_path, "square", "Add a function square(x) to mathx.py that returns x times x.",
                  {"mathx.py": before}, KEEPS)
    turns = [turn({"action": "write_file", "path": "mathx.py", "content": "def square(x):\n    return x * x\n"}),
             turn({"action": "write_file", "path": "mathx.py", "content": before + "\n\ndef square(x):\n    return x * x\n"}),
             turn({"action": "done", "summary": "added"})]
    requests, record, events = await _run(tasks, "square", levers, turns, tmp_path)
    assert record["status"] == "passed", record["check"]
    told = "Not written: that edit removes double from mathx.py, and the task does not ask to remove it."
    assert (told in requests[1]["messages"][-1]["content"]) is passes
    # With the lever the person never sees the write that loses double(); without it, they must reject it.
    writes = [e.action["content"] for e in _proposed(events) if e.action["action"] == "write_file"]
    assert len(writes) == (1 if passes else 2) and isinstance(writes[-1], str) and "def double" in writes[-1]


@pytest.mark.parametrize("task, before, after, lost", [
    ("Add square to m.py.", "def a():\n    pass\nclass B:\n    def c(self): pass\n", "def a():\n    pass\n", ["B", "c"]),
    ("Add subtract to math.js.", "export function add(a, b) {}\nexport const PI = 3;\n", "export const PI = 3;\n", ["add"]),
    ("Rename calc_total to total_price.", "def calc_total(x): pass\n", "def total_price(x): pass\n", []),
    ("Remove the unused helpers from m.py.", "def h(): pass\ndef k(): pass\n", "def k(): pass\n", []),
    ("Add a docstring to m.py.", "def a(): pass\n", '"""Doc."""\ndef a(): pass\n', []),
])
def test_which_definitions_an_edit_drops(task: str, before: str, after: str, lost: list[str], tmp_path: Path) -> None:
    from smallops_tui.agent.files.edits import preview_edit
    from smallops_tui.agent.session.levers.keep import dropped_definitions

    (tmp_path / "m.py").write_text(before)
    answer = dropped_definitions(task, preview_edit(WriteFile(path="m.py", content=after), Workspace(tmp_path)))
    assert (answer.note.split("removes ")[1].split(", which")[0] if answer else None) == (", ".join(lost) or None)


ROOMS = '{\n  "defaults": {"min_players": 2, "minutes": 60},\n  "rooms": [{"name": "Tomb"}]\n}\n'


@pytest.mark.parametrize("task, path, before, after, lost", [
    # heldout12's v03: the rooms written alone, the defaults every room reads gone
    ("Add a room called Lighthouse to rooms.json.", "rooms.json", ROOMS, '{"rooms": [{"name": "Tomb"}, {"name": "Lighthouse"}]}',
     "'defaults', 'defaults.min_players', 'defaults.minutes'"),
    ("Set minutes to 75 in rooms.json.", "rooms.json", ROOMS, '{"defaults": {"min_players": 2}, "rooms": []}', None),
    ("Add a [delicates] section to wash.ini.", "wash.ini", "[dry]\nminutes = 40\n", "[delicates]\nminutes = 30\n",
     "'[dry]', '[dry] minutes'"),
    ("Ignore *.log too.", ".gitignore", "build/\n.venv/\n", "*.log\n", "'build/', '.venv/'"),
    ("Remove the [dry] section from wash.ini.", "wash.ini", "[dry]\nminutes = 40\n", "", None),
    ("Rename the dry section of wash.ini to tumble.", "wash.ini", "[dry]\nminutes = 40\n", "[tumble]\nminutes = 40\n", None),
    ("Fix the README.", "README.md", "# A\n## B\n", "# A\n", None),  # headings: GONE's at done, not refused here
    ("Add a room.", "rooms.json", "{not json", '{"rooms": []}', None),  # unreadable before: no parts to lose
    ("Add a room.", "rooms.json", "{not json", "[" * 5_000, None),  # too deep to read: no RecursionError
    # a task that reshapes the document takes parts out without saying "remove" (an attacker's review)
    ("Clear the cache in rooms.json.", "rooms.json", ROOMS, '{"rooms": []}', None),
    ("Reset .gitignore to ignore only *.pyc.", ".gitignore", "build/\n", "*.pyc\n", None),
    ("Switch the database in wash.ini to postgres.", "wash.ini", "[db]\npath = a.db\n", "[db]\nhost = h\n", None),
    # a rename of something else does not excuse a definition dropped on the way
    ("In m.py, rename the --out flag to --output.", "m.py", "def load():\n    pass\ndef main():\n    pass\n",
     "def main():\n    pass\n", "load"),
])
def test_which_sections_and_keys_an_edit_drops(task: str, path: str, before: str, after: str, lost: str | None,
                                               tmp_path: Path) -> None:
    from smallops_tui.agent.files.edits import preview_edit
    from smallops_tui.agent.session.levers.keep import dropped_definitions

    (tmp_path / path).write_text(before)
    answer = dropped_definitions(task, preview_edit(WriteFile(path=path, content=after), Workspace(tmp_path)))
    assert (answer.note.split("removes ")[1].split(", which the task")[0] if answer else None) == lost


RENAMED = 'def check(root, original, summary):\n    f = root / "notes.md"\n' \
          '    ok = not (root / "notes.txt").exists() and f.is_file() and f.read_text() == "- milk\\n- Ann\\n"\n' \
          '    return ok, "renamed" if ok else "not renamed"\n'


@pytest.mark.parametrize("levers, passes", [(("rename",), True), ((), False)])
async def test_a_rename_retyped_as_a_new_file_is_answered_with_the_mv(
        levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    tasks = _task(tmp_path, "rename", "Rename the file notes.txt to notes.md.", {"notes.txt": "- milk\n- Ann\n"}, RENAMED)
    turns = [turn({"action": "write_file", "path": "notes.md", "content": "milk\nAnn"}),
             turn({"action": "run_command", "command": "mv notes.txt notes.md"}),
             turn({"action": "done", "summary": "renamed"})]
    requests, record, events = await _run(tasks, "rename", levers, turns, tmp_path)
    assert (record["status"] == "passed") is passes, record["check"]
    assert ("Use run_command: mv notes.txt notes.md" in requests[1]["messages"][-1]["content"]) is passes


MODULE_RENAMED = 'def check(root, original, summary):\n' \
                 '    ok = not (root / "sled/util.py").exists() and (root / "sled/timing.py").is_file()\n' \
                 '    return ok, "renamed" if ok else "not renamed"\n'


@pytest.mark.parametrize("levers, passes", [(("rename", "lint"), True), (("lint",), False)])
async def test_a_module_renamed_by_retyping_it_as_stubs_is_answered_with_the_mv_not_the_stubs_syntax(
        levers: tuple[str, ...], passes: bool, tmp_path: Path) -> None:
    """heldout30's c07: "rename the module sled/util.py to sled/timing.py", and the model wrote
    timing.py anew as stubs that did not parse; `lint` told it of the stubs three times."""
    tasks = _task(tmp_path, "rename", "Please rename the module sled/util.py to sled/timing.py and update its users.",
                  {"sled/__init__.py": "", "sled/util.py": "def parse_time(text):\n    return int(text)\n"},
                  MODULE_RENAMED)
    turns = [turn({"action": "write_file", "path": "sled/timing.py", "content": "def parse_time(text):\n    # TODO\n"}),
             turn({"action": "run_command", "command": "mv sled/util.py sled/timing.py"}),
             turn({"action": "done", "summary": "renamed"})]
    requests, record, events = await _run(tasks, "rename", levers, turns, tmp_path)
    told = requests[1]["messages"][-1]["content"]
    assert ("Use run_command: mv sled/util.py sled/timing.py" in told) is passes, told
    assert ("would break sled/timing.py" in told) is not passes, told
    assert record["status"] == "passed", record["check"]


REMOVED = 'def check(root, original, summary):\n' \
          '    ok = not (root / "yachts/oldlist.py").exists() and not (root / "fleet.txt").exists()\n' \
          '    return ok, "removed" if ok else "still there"\n'


@pytest.mark.parametrize("levers, answered", [(("remove", "lint"), True), (("lint",), False)])
async def test_an_edit_of_a_file_the_task_deletes_is_answered_with_the_rm(
        levers: tuple[str, ...], answered: bool, tmp_path: Path) -> None:
    """heldout31's i10: asked to remove `python -m yachts.oldlist` with the old fleet.txt, the model
    wrote README text over yachts/oldlist.py three times and never deleted a file."""
    tasks = _task(tmp_path, "remove", "Please remove the deprecated `python -m yachts.oldlist` command together with "
                  "the old fleet.txt.", {"yachts/__init__.py": "", "yachts/oldlist.py": "print('old')\n",
                                         "fleet.txt": "Gull|IOM\n"}, REMOVED)
    turns = [turn({"action": "write_file", "path": "yachts/oldlist.py", "content": "# the old list is gone\n"}),
             turn({"action": "run_command", "command": "rm yachts/oldlist.py fleet.txt"}),
             turn({"action": "done", "summary": "removed"})]
    # A deletion is HIGH by the risk rules, so approve-non-high would refuse the rm: a person approves it.
    requests, record, events = await _run(tasks, "remove", levers, turns, tmp_path, policy="approve-all")
    told = requests[1]["messages"][-1]["content"]
    assert ("Use run_command: rm yachts/oldlist.py fleet.txt" in told) is answered, told
    proposed = [e.action["action"] for e in events if e.type == "action_proposed"]
    assert proposed == (["run_command", "done"] if answered else ["write_file", "run_command", "done"])
    assert record["status"] == "passed", record["check"]


README = "# tool\n\n" + "".join(f"Line {i} of the introduction.\n" for i in range(12))
SECTION = "## Configuration\n\nTOOL_HOME: where it keeps its files (default ~/.tool).\n"
HAS_SECTION = 'def check(root, original, summary):\n    t = (root / "README.md").read_text()\n' \
              '    return t.startswith((original / "README.md").read_text()) and "## Configuration" in t, t[-200:]\n'


@pytest.mark.parametrize("levers", [("why",), ()])
async def test_a_rejected_wipe_is_told_what_the_risk_rules_found(levers: tuple[str, ...], tmp_path: Path) -> None:
    """The policy rejects a README section written over the whole README (HIGH); with `why` the model
    hears the verdict's reason and what write_file does, without it only that it was rejected."""
    tasks = _task(tmp_path, "section", "Add a Configuration section to README.md.", {"README.md": README},
                  HAS_SECTION)
    turns = [turn({"action": "write_file", "path": "README.md", "content": SECTION}),
             turn({"action": "write_file", "path": "README.md", "content": README + "\n" + SECTION}),
             turn({"action": "done", "summary": "Added the Configuration section."})]
    requests, record, events = await _run(tasks, "section", levers, turns, tmp_path)
    told = requests[1]["messages"][-1]["content"]
    assert "The person rejected your write_file action (the approve-non-high policy" in told
    explained = ("The risk rules judged it HIGH: wipes most of a file: 13 of 14 lines of README.md wiped." in told
                 and "write_file replaces the whole file: its content must be all of README.md" in told)
    assert explained is bool(levers), told
    assert record["status"] == "passed", record["check"]  # the second write is the whole file: approved


def test_what_the_risk_rules_found_is_said_only_for_a_risky_verdict() -> None:
    from smallops_tui.agent.reply.kinds import RunCommand
    from smallops_tui.agent.risk.rules import RiskVerdict
    from smallops_tui.agent.session.decisions import Proposal
    from smallops_tui.agent.session.levers.rejection import risk_found
    rm = RunCommand(command="rm notes.txt")
    high = Proposal(step=1, raw="", action=rm, verdict=RiskVerdict("HIGH", ("shell.delete",), ("deletes files: rm notes.txt",)))
    assert risk_found(high) == "The risk rules judged it HIGH: deletes files: rm notes.txt."
    low = Proposal(step=1, raw="", action=rm, verdict=RiskVerdict("LOW", ("read.file",), ("reads a file",)))
    assert risk_found(low) == "" and risk_found(Proposal(step=1, raw="", action=rm)) == ""


FIXED_ADD = 'def check(root, original, summary):\n' \
            '    same = (root / "tests/test_calc.py").read_text() == (original / "tests/test_calc.py").read_text()\n' \
            '    return same and "a + b" in (root / "calc.py").read_text(), "test changed or add unfixed"\n'


@pytest.mark.parametrize("levers, passes", [(("handsoff",), True), ((), False)])
async def test_an_edit_of_the_tests_the_task_says_to_leave_is_answered(levers: tuple[str, ...], passes: bool,
                                                                        tmp_path: Path) -> None:
    test = "from calc import add\nassert add(2, 3) == 5\n"
    tasks = _task(tmp_path, "calc", "tests/test_calc.py fails. Fix calc.py; leave the test itself as it is.",
                  {"calc.py": "def add(a, b):\n    return a - b\n", "tests/test_calc.py": test}, FIXED_ADD)
    turns = [turn({"action": "write_file", "path": "tests/test_calc.py", "content": test.replace("5", "-1")}),
             turn({"action": "write_file", "path": "calc.py", "content": "def add(a, b):\n    return a + b\n"}),
             turn({"action": "done", "summary": "add fixed."})]
    requests, record, events = await _run(tasks, "calc", levers, turns, tmp_path)
    assert (record["status"] == "passed") is passes, record["check"]
    assert ("Not written: the task says not to change the tests." in requests[1]["messages"][-1]["content"]) is passes


SITE = '{\n  "title": "blog",\n  "posts_per_page": 3\n}\n'
SEVEN = 'import json\ndef check(root, original, summary):\n' \
        '    n = json.loads((root / "site.json").read_text())["posts_per_page"]\n    return n == 7, repr(n)\n'


@pytest.mark.parametrize("levers", [("ran",), ()])
async def test_a_command_is_followed_by_what_it_changed(levers: tuple[str, ...], tmp_path: Path) -> None:
    """A `sed -i` that matches nothing exits 0 and prints nothing (held-out n05); with `ran` the model
    hears that no file changed, and after one that matches, the diff; a read-only command adds nothing."""
    tasks = _task(tmp_path, "site", "Set posts_per_page to 7 in site.json.", {"site.json": SITE}, SEVEN)
    turns = [turn({"action": "run_command", "command": "sed -i 's/posts_per_page: 3/posts_per_page: 7/' site.json"}),
             turn({"action": "run_command", "command": "sed -i 's/\"posts_per_page\": 3/\"posts_per_page\": 7/' site.json"}),
             turn({"action": "run_command", "command": "cat site.json"}),
             turn({"action": "done", "summary": "posts_per_page is 7."})]
    requests, record, events = await _run(tasks, "site", levers, turns, tmp_path, policy="approve-all")
    after = [r["messages"][-1]["content"] for r in requests[1:4]]
    assert after[0].endswith("(no output)" + ("\nIt changed no file in the workspace." if levers else ""))
    said = "It changed 1 file in the workspace: site.json.\nThe diff of site.json:\n"
    assert (said in after[1] and '-  "posts_per_page": 3\n+  "posts_per_page": 7' in after[1]) is bool(levers)
    assert "It changed" not in after[2]  # cat reads only (LOW)
    assert record["status"] == "passed", record["check"]


SIZES = "CORNER_WASTE = 6   # extra moulding per corner\n\n\ndef moulding_len(w, h):\n    return 2 * (w + h) + 4 * CORNER_WASTE\n"


async def test_a_command_that_breaks_a_python_file_is_followed_by_its_parse_error(tmp_path: Path) -> None:
    """heldout20's r04 ran `sed -i 's/CORNER_WASTE/4/'`, which made `4 = 6` of the definition, saw the
    diff, and said done; with `ran` the model hears the file no longer parses, and where."""
    check = 'def check(root, original, summary):\n    return False, "judged by the feedback"\n'
    tasks = _task(tmp_path, "sizes", "Use 4 instead of CORNER_WASTE in sizes.py.", {"sizes.py": SIZES}, check)
    turns = [turn({"action": "run_command", "command": "sed -i 's/CORNER_WASTE/4/' sizes.py"}),
             turn({"action": "run_command", "command": "sed -i 's/^4 = 6/# gone/' sizes.py"}),
             turn({"action": "done", "summary": "Done."})]
    requests, _, _ = await _run(tasks, "sizes", ("ran",), turns, tmp_path, policy="approve-all")
    broke, mended = (r["messages"][-1]["content"] for r in requests[1:3])
    assert "After it, sizes.py no longer parses (SyntaxError at line 1: cannot assign to literal" in broke, broke
    assert "no longer parses" not in mended, mended  # the next command put it right


BUCKET = "class TokenBucket:\n    def __init__(self, capacity):\n        self.capacity = capacity\n" \
         "        self.tokens = capacity\n"
STARTS_EMPTY = 'def check(root, original, summary):\n    t = (root / "bucket.py").read_text()\n' \
               '    return "initial_tokens" in t and "self.capacity = capacity" in t, t\n'


@pytest.mark.parametrize("levers", [("readfirst",), ()])
async def test_a_reply_fallen_into_a_loop_is_stopped_and_an_unread_file_shown(
        levers: tuple[str, ...], tmp_path: Path) -> None:
    """Held-out p04: writing a file it had not read, the model repeated the same methods to the
    answer limit, twice. The reader stops the reply once it loops and says so; with `readfirst`
    the model is shown the file it was writing blind."""
    from ..streams import token_turn

    tasks = _task(tmp_path, "bucket", "Add an initial_tokens keyword argument to TokenBucket.",
                  {"bucket.py": BUCKET}, STARTS_EMPTY)
    method = "    def is_empty(self):\n        return self.tokens == 0\n\n    def is_full(self):\n        return True\n\n"
    looping = '{"action": "write_file", "path": "bucket.py", "content": "class TokenBucket:\\n' + \
              json.dumps(method)[1:-1] * 40
    fixed = BUCKET.replace("capacity):", "capacity, initial_tokens=None):")
    turns = [token_turn(looping), turn({"action": "write_file", "path": "bucket.py", "content": fixed}),
             turn({"action": "done", "summary": "Added initial_tokens."})]
    requests, record, events = await _run(tasks, "bucket", levers, turns, tmp_path, policy="approve-all")
    from smallops_tui.agent.log.events import ReplyFinished
    first = of(events, ReplyFinished)[0]
    assert first.done_reason == "loop" and len(first.raw) < len(looping) // 2  # stopped, not run to the end
    assert first.answer_tokens == -(-len(first.raw) // 4)  # counted: one streamed chunk (4 characters here) a token
    told = requests[1]["messages"][-1]["content"]
    assert "Your reply could not be used: the reply repeated the same" in told and "times in a row" in told
    assert (f"Contents of bucket.py (4 lines):\n{BUCKET}" in told) is bool(levers), told
    assert record["status"] == "passed", record["check"]


# A new user's done summary ran on inside its string into `<think>` blocks to the loop stop, two
# minutes; heldout31's i06 wrote a README section, then `</think> {"action": "write_file", …` inside the
# content, to the answer limit. The reader stops each where it starts, and the model is told why.
_SUMMARY_RAN_ON = ('{"action": "done", "summary": "The README mentions `smallops "TASK"` but no command.`} '
                   + "<think>After reading the README I realised what to do next.</think> " * 30)
_CONTENT_RAN_ON = ('{"action": "write_file", "path": "bucket.py", "content": "class TokenBucket:\\n'
                   + '</think> {"action": "write_file", "path": "bucket.py", "content": "class TokenBucket:\\n    pass\\n'
                   * 20)


@pytest.mark.parametrize(("ran_on", "said"), [
    (_SUMMARY_RAN_ON, 'the reply\'s "summary" ran on into a reasoning block'),
    (_CONTENT_RAN_ON, 'the reply\'s "content" ran on past </think> into a new action'),
], ids=["summary", "content"])
async def test_a_field_run_on_is_stopped_where_it_runs_on(ran_on: str, said: str, tmp_path: Path) -> None:
    from ..streams import token_turn

    tasks = _task(tmp_path, "bucket", "Add an initial_tokens keyword argument to TokenBucket.",
                  {"bucket.py": BUCKET}, STARTS_EMPTY)
    fixed = BUCKET.replace("capacity):", "capacity, initial_tokens=None):")
    turns = [token_turn(ran_on), turn({"action": "write_file", "path": "bucket.py", "content": fixed}),
             turn({"action": "done", "summary": "Added initial_tokens."})]
    requests, record, events = await _run(tasks, "bucket", (), turns, tmp_path, policy="approve-all")
    from smallops_tui.agent.log.events import ReplyFinished
    first = of(events, ReplyFinished)[0]
    assert first.done_reason == "loop" and len(first.raw) < len(ran_on) // 10, first.raw  # where it ran on
    told = requests[1]["messages"][-1]["content"]
    assert said in told, told
    assert record["status"] == "passed", record["check"]


@pytest.mark.parametrize("levers", [("unstick",), ()])
async def test_after_a_reply_stopped_in_a_loop_or_a_failed_reply_sent_again_the_next_is_sampled(
        levers: tuple[str, ...], tmp_path: Path) -> None:
    """Held-out p04 and q02: at temperature 0 a reply stopped in a loop is followed by the same loop
    (seven times in p04), and a reply that could not be used by the same reply. With `unstick` the
    turn after either goes at 0.7, the session's seed kept, and the next one back at 0."""
    from ..streams import token_turn

    tasks = _task(tmp_path, "bucket", "Add an initial_tokens keyword argument to TokenBucket.",
                  {"bucket.py": BUCKET}, STARTS_EMPTY)
    method = "    def is_empty(self):\n        return self.tokens == 0\n\n    def is_full(self):\n        return True\n\n"
    looping = '{"action": "write_file", "path": "bucket.py", "content": "class TokenBucket:\\n' + \
              json.dumps(method)[1:-1] * 40
    broken = '{"action": "write_file", "path": "bucket.py"'  # no content: not an action
    fixed = BUCKET.replace("capacity):", "capacity, initial_tokens=None):")
    turns = [token_turn(looping), turn({"action": "list_dir", "path": "."}), token_turn(broken), token_turn(broken),
             turn({"action": "write_file", "path": "bucket.py", "content": fixed}),
             turn({"action": "done", "summary": "Added initial_tokens."})]
    requests, record, _ = await _run(tasks, "bucket", levers, turns, tmp_path, policy="approve-all")
    temperatures = [r["options"]["temperature"] for r in requests]
    sampled = UNSTICK if levers else 0.0
    assert temperatures == [0.0, sampled, 0.0, 0.0, sampled, 0.0], temperatures  # after the loop; after the repeat
    assert {r["options"]["seed"] for r in requests} == {0}
    assert record["status"] == "passed", record["check"]


async def test_after_a_failed_action_sent_again_with_nothing_changed_the_next_reply_is_sampled(tmp_path: Path) -> None:
    """heldout8's r08: the same broken `sed` three times in a row. A failed action sent again with
    nothing changed since is stuck; one sent again after a change (a test run after an edit) is not."""
    tasks = _task(tmp_path, "bucket", "Add an initial_tokens keyword argument to TokenBucket.",
                  {"bucket.py": BUCKET}, STARTS_EMPTY)
    failing = {"action": "run_command", "command": "cat missing.txt"}
    fixed = BUCKET.replace("capacity):", "capacity, initial_tokens=None):")
    turns = [turn(failing), turn(failing), turn({"action": "write_file", "path": "bucket.py", "content": fixed}),
             turn(failing), turn({"action": "done", "summary": "Added initial_tokens."})]
    requests, record, _ = await _run(tasks, "bucket", ("unstick",), turns, tmp_path, policy="approve-all")
    assert [r["options"]["temperature"] for r in requests] == [0.0, 0.0, UNSTICK, 0.0, 0.0]
    assert record["status"] == "passed", record["check"]


async def test_after_a_command_that_changed_nothing_sent_again_the_next_reply_is_sampled(tmp_path: Path) -> None:
    """heldout9's s08: `sed -i 's/11:45/11:45/'` exited 0, changed nothing, and was sent eight times.
    A `done` said again (the checks at done ask for it) is not stuck."""
    tasks = _task(tmp_path, "bucket", "Add an initial_tokens keyword argument to TokenBucket.",
                  {"bucket.py": BUCKET}, STARTS_EMPTY)
    idle = {"action": "run_command", "command": "sed -i 's/capacity/capacity/' bucket.py"}
    fixed = BUCKET.replace("capacity):", "capacity, initial_tokens=None):")
    turns = [turn(idle), turn(idle), turn({"action": "write_file", "path": "bucket.py", "content": fixed}),
             turn({"action": "done", "summary": "Added initial_tokens."})]
    requests, record, _ = await _run(tasks, "bucket", ("unstick",), turns, tmp_path, policy="approve-all")
    assert [r["options"]["temperature"] for r in requests] == [0.0, 0.0, UNSTICK, 0.0]
    assert record["status"] == "passed", record["check"]


@pytest.mark.parametrize("levers", [("verify",), ()])
async def test_a_done_the_checks_refute_is_sent_back_with_what_they_found(levers: tuple[str, ...],
                                                                         tmp_path: Path) -> None:
    """Held-out n04: a rename made in one file and called done. With `verify` the model hears STILL
    DEFINED with the files, finishes, and its next done is proposed; without it the first done ends
    the run (flagged for the person only). Twice at most, never for the same findings."""
    util = "def calc_total(items):\n    return sum(price for _, price in items)\n"
    main = 'from util import calc_total\n\nbasket = [("tea", 3), ("bread", 2)]\nprint(calc_total(basket))\n'
    tasks = _task(tmp_path, "rename", "Rename calc_total to total_price everywhere.", {"util.py": util, "main.py": main},
                  RENAME)
    turns = [turn({"action": "write_file", "path": "util.py", "content": util.replace("calc_total", "total_price")}),
             turn({"action": "done", "summary": "Renamed calc_total to total_price."}),
             turn({"action": "write_file", "path": "main.py", "content": main.replace("calc_total", "total_price")}),
             turn({"action": "done", "summary": "Renamed calc_total to total_price in both files."})]
    requests, record, events = await _run(tasks, "rename", levers, turns, tmp_path)
    if levers:
        told = requests[2]["messages"][-1]["content"]
        assert told.startswith("Not done: the checks at done found what your summary does not match:\n- STILL DEFINED:")
        assert "main.py" in told and "say done again" in told
        assert record["status"] == "passed" and record["done_flags"] == [], record
    else:
        assert len(requests) == 2 and record["status"] == "failed" and "still_defined" in record["done_flags"]


def test_a_done_is_sent_back_twice_at_most_and_never_for_the_same_findings() -> None:
    from smallops_tui.agent.reply.kinds import Done
    from smallops_tui.agent.session.decisions import Proposal
    from smallops_tui.agent.session.guards import GuardFlag
    from smallops_tui.agent.session.levers.verify import send_back

    def done(*kinds: str) -> Proposal:
        return Proposal(step=1, raw="", action=Done(summary="done"), flags=[GuardFlag(k, "m") for k in kinds])  # type: ignore[arg-type]

    answered: list[frozenset[str]] = []
    assert send_back("Fix it.", done("tests_fail"), answered) is not None
    assert send_back("Fix it.", done("tests_fail"), answered) is None  # the same findings: proposed
    assert send_back("Fix it.", done("tests_fail", "gone"), answered) is not None
    assert send_back("Fix it.", done("still_there"), answered) is None  # twice already
    assert send_back("Fix it.", done("untested_fix"), []) is None  # evidence missing, not refuted
    assert send_back("Which port? Don't change anything.", done("done_without_change"), []) is None
    assert send_back("Rename x to y.", done("done_without_change"), []) is not None
    # A request put as a question asks for a change (heldout23's d01: "… Can you fix it?", done with
    # nothing changed, was not sent back); a question that asks to be told stays one.
    assert send_back("The pages start a page late. Can you fix it?", done("done_without_change"), []) is not None
    assert send_back("Could you update the hall's config?", done("done_without_change"), []) is not None
    assert send_back("A test fails. Can you tell me which test it is?", done("done_without_change"), []) is None
    assert send_back("How many rows are there? Can you fix it?", done("done_without_change"), []) is None
    # A bug told as a symptom, a removal put as "take out", a copy: each asks for a change with no word
    # of change (heldout30's c01 said done with nothing changed, not sent back).
    for task in ("The due list has the dates muddled: 03/04/2024 comes out as March, and 14/05/2024 makes it crash.",
                 "Take the `--fax` option out of `python -m rope.order`.",
                 "Copy the exact content of source.txt into a new file named copy.txt."):
        assert send_back(task, done("done_without_change"), []) is not None, task
    assert send_back("look around", done("done_without_change"), []) is None  # wants nothing changed


def test_a_question_answered_with_no_number_is_told_how_to_compute_it() -> None:
    """heldout19's q12 ran the tests, was told NO ANSWER, and ran them again: a number the code
    computes is had by running the code, in the form the risk rules let run read-only."""
    from smallops_tui.agent.reply.kinds import Done, RunCommand
    from smallops_tui.agent.risk.classify import classify
    from smallops_tui.agent.session.decisions import Proposal
    from smallops_tui.agent.session.guards import GuardFlag
    from smallops_tui.agent.session.levers.verify import send_back

    def done(kind: str) -> Proposal:
        return Proposal(step=1, raw="", action=Done(summary="The code is correct."), flags=[GuardFlag(kind, "m")])  # type: ignore[arg-type]

    task = "Quick question, please don't change anything: how many jars do I need for 2 kg of plums?"
    answered = send_back(task, done("no_answer"), [])
    assert answered is not None and "python3 -c" in answered[1] and "read-only" in answered[1]
    other = send_back("Rename x to y.", done("still_defined"), [])
    assert other is not None and "python3 -c" not in other[1]
    # A question that asks for no value is told to say its answer, not to run a function: a new user's
    # "list the files and say what this project does" then proposed installing smallops and running it.
    told = send_back("list the files and say what this project does", done("no_answer"), [])
    assert told is not None and "python3 -c" not in told[1] and "Put the answer itself in the summary" in told[1]
    # The form it names is the one the rules run read-only, once its names are real.
    form = answered[1].split("`")[1]
    assert form.startswith("python3 -c ")
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "package").mkdir()
        (Path(root) / "package" / "__init__.py").write_text("")
        (Path(root) / "package" / "module.py").write_text("def function(x):\n    return x\n")
        real = form.replace("arguments", "2000")
        assert classify(RunCommand(command=real), Workspace(root)).rules[0] == "shell.workspace_call"


@pytest.mark.parametrize("task", [
    "Reply with exactly the word READY and nothing else (use the done action with summary READY).",
    "Read the file math.js and reply with only the name of the exported function (as the summary of done).",
    "Quick question, please don't change anything: which port does it listen on?",
])
def test_a_done_without_change_is_not_sent_back_where_the_task_asks_for_an_answer(task: str) -> None:
    from smallops_tui.agent.reply.kinds import Done
    from smallops_tui.agent.session.decisions import Proposal
    from smallops_tui.agent.session.guards import GuardFlag
    from smallops_tui.agent.session.levers.verify import send_back

    flagged = Proposal(step=1, raw="", action=Done(summary="READY"), flags=[GuardFlag("done_without_change", "m")])
    assert send_back(task, flagged, []) is None


async def test_a_command_that_makes_or_deletes_files_is_told_so_without_their_lines(tmp_path: Path) -> None:
    """The nine's r2 with `ran`: a `cp` answered with the whole copy as a diff read as work still to
    do. A file a command made is named with its lines counted (and, where it is one, as an exact
    copy of the file it copies); one it deleted is named."""
    tasks = _task(tmp_path, "copy", "Copy source.txt to copy.txt and delete old.txt.",
                  {"source.txt": "a\nb\nc\n", "old.txt": "x\n"},
                  'def check(root, original, summary):\n    return (root / "copy.txt").read_text() == "a\\nb\\nc\\n", ""\n')
    turns = [turn({"action": "run_command", "command": "cp source.txt copy.txt"}),
             turn({"action": "run_command", "command": "rm old.txt"}),
             turn({"action": "run_command", "command": "sed s/a/A/ source.txt > upper.txt"}),
             turn({"action": "done", "summary": "copied"})]
    requests, record, events = await _run(tasks, "copy", ("ran",), turns, tmp_path, policy="approve-all")
    # An exact copy is said to be one: told only the line count, r2 retyped the file it had copied.
    assert _told(requests[1]).endswith("It changed 1 file in the workspace: copy.txt.\n"
                                       "copy.txt is new (3 lines), byte for byte a copy of source.txt.")
    assert _told(requests[2]).endswith("It changed 1 file in the workspace: old.txt.\nold.txt was deleted.")
    assert _told(requests[3]).endswith("It changed 1 file in the workspace: upper.txt.\nupper.txt is new (3 lines).")


async def test_related_files_open_a_task_that_names_none_and_count_as_read(tmp_path: Path) -> None:
    """`related`: the task names no file; the one holding its words opens the session, so the write
    over it is proposed (readfirst has nothing to answer) and the model never had to guess where."""
    clock = "def minutes_until(now, departure):\n    return departure - now\n"
    check = ('def check(root, original, summary):\n    import sys; sys.path.insert(0, str(root))\n'
             '    from clock import minutes_until\n    return minutes_until(1430, 5) == 15, ""\n')
    tasks = _task(tmp_path, "midnight", "At 23:50 the 00:05 departure shows as -1425 minutes away; count past midnight.",
                  {"clock.py": clock, "board.py": "from clock import minutes_until\n", "README.md": "# trams\n"}, check)
    fixed = "def minutes_until(now, departure):\n    return (departure - now) % 1440\n"
    turns = [turn({"action": "write_file", "path": "clock.py", "content": fixed}), turn({"action": "done", "summary": "fixed"})]
    requests, record, events = await _run(tasks, "midnight", ("related", "readfirst"), turns, tmp_path, policy="approve-all")
    assert f"Contents of clock.py (2 lines):\n{clock}" in requests[0]["messages"][1]["content"]
    assert [e.action["action"] for e in of(events, ActionProposed)] == ["write_file", "done"]
    assert record["status"] == "passed", record["check"]


def _told(request: dict) -> str:
    return request["messages"][-1]["content"]
