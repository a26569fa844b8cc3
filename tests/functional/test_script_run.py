"""A package's module run as a script: the model is told how to run it as the module, or how to
call the function it named, and the command it is told runs and prints the function's value."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from smallops_tui.agent import run_command
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.log.events import FeedbackSent
from smallops_tui.agent.session.loop import ScriptedPolicy
from smallops_tui.agent.session.script_run import script_note

from ..harness import run_session
from ..streams import turn

_BILLING = "from .prices import PRICES\n\n\ndef first_invoice(plan, age):\n    return PRICES[plan] - (5 if age < 27 else 0)\n"


def _package(root: Path, billing: str = _BILLING) -> None:
    (root / "gymdesk").mkdir()
    (root / "gymdesk" / "__init__.py").write_text("")
    (root / "gymdesk" / "prices.py").write_text("PRICES = {'basic': 30}\n")
    (root / "gymdesk" / "billing.py").write_text(billing)


async def _note(root: Path, command: str) -> str:
    result = await run_command(command, root, timeout=20)
    assert result.exit_code is not None
    return script_note(command, result.exit_code, result.output, Workspace(root))


def _suggested_call(note: str) -> str:
    found = re.search(r"`(python3 -c (?:'[^`]*'|\"[^`]*\"))`", note)
    assert found, note
    return found.group(1).replace("python3", sys.executable, 1)


async def test_a_relative_import_run_as_a_script_is_answered_with_the_module_and_the_call(tmp_path) -> None:
    _package(tmp_path)
    note = await _note(tmp_path, f"{sys.executable} gymdesk/billing.py first_invoice basic 26")
    assert "`python3 -m gymdesk.billing`" in note
    called = await run_command(_suggested_call(note), tmp_path, timeout=20)
    assert (called.exit_code, called.output.strip()) == (0, "25")


async def test_the_package_not_found_from_inside_it_is_answered_too(tmp_path) -> None:
    _package(tmp_path, _BILLING.replace("from .prices", "from gymdesk.prices"))
    note = await _note(tmp_path, "python3 ./gymdesk/billing.py")
    assert "No module named" not in note and "`python3 -m gymdesk.billing`" in note


async def test_a_test_file_run_from_its_folder_is_answered_with_the_module(tmp_path) -> None:
    _package(tmp_path, "def first_invoice(plan, age):\n    return 30\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_billing.py").write_text(
        "import unittest\nfrom gymdesk.billing import first_invoice\n\nclass T(unittest.TestCase):\n"
        "    def test_basic(self):\n        self.assertEqual(first_invoice('basic', 3), 30)\n\n"
        "if __name__ == '__main__':\n    unittest.main()\n")
    note = await _note(tmp_path, "python3 tests/test_billing.py")
    assert "No module named" not in note and "`python3 -m tests.test_billing`" in note


async def test_arguments_a_file_never_reads_are_answered_with_the_call(tmp_path) -> None:
    _package(tmp_path, "def first_invoice(plan, age):\n    return 30 if plan == 'basic' else 50\n")
    note = await _note(tmp_path, "python3 gymdesk/billing.py first_invoice 'basic' 26")
    assert "first_invoice was not called" in note
    called = await run_command(_suggested_call(note), tmp_path, timeout=20)
    assert called.output.strip() == "30"


async def test_a_module_that_only_defines_functions_run_is_told_it_called_nothing(tmp_path) -> None:
    """heldout9's s06 ran `python3 -m clubelo.ratings` three times and read its silence as an answer."""
    _package(tmp_path)
    (tmp_path / "gymdesk" / "plain.py").write_text(_BILLING.replace("from .prices import PRICES", "PRICES = {}"))
    for command in ("python3 -m gymdesk.billing", "python3 gymdesk/plain.py"):
        note = await _note(tmp_path, command)
        assert "only defines functions (first_invoice(plan, age))" in note and "called nothing" in note, command
        module = command.split()[-1].removesuffix(".py").replace("/", ".")
        assert f'`python3 -c "from {module} import first_invoice; print(first_invoice(...))"`' in note


async def test_an_argument_the_shell_would_expand_is_quoted_in_the_call(tmp_path) -> None:
    _package(tmp_path, "def echo(text):\n    return text\n")
    note = await _note(tmp_path, """python3 gymdesk/billing.py echo '$HOME "q" it'\\''s'""")
    assert note, "no note"
    called = await run_command(_suggested_call(note), tmp_path, timeout=20)
    assert called.output.strip() == '$HOME "q" it\'s', note
    # A backtick would end the note's code span: the call is not spelled, only that nothing was called.
    assert "`id`" not in await _note(tmp_path, "python3 gymdesk/billing.py echo 'a`id`b'")


async def test_a_script_that_prints_or_cannot_be_read_whole_gets_no_call_nothing_note(tmp_path) -> None:
    _package(tmp_path, "def add(a, b):\n    return a + b\n\nprint(add(2, 3))\n")
    assert await _note(tmp_path, "python3 gymdesk/billing.py add 1 2") == ""  # it printed 5: its own code ran
    (tmp_path / "gymdesk" / "big.py").write_text("def f():\n    pass\n" + "#\n" * 150_000)
    assert await _note(tmp_path, "python3 gymdesk/big.py") == ""


async def test_a_script_that_runs_or_fails_on_its_own_gets_no_note(tmp_path) -> None:
    _package(tmp_path, "import sys\n\ndef first_invoice(plan):\n    return 1\n\nif __name__ == '__main__':\n"
                       "    print(first_invoice(sys.argv[2]))\n")
    (tmp_path / "top.py").write_text("raise SystemExit(3)\n")
    (tmp_path / "calc.py").write_text("def double(n):\n    return 2 * n\n")
    assert "only defines functions (double(n))" in await _note(tmp_path, "python3 calc.py")
    assert await _note(tmp_path, "python3 gymdesk/billing.py first_invoice basic") == ""
    assert await _note(tmp_path, "python3 -m gymdesk.billing first_invoice basic") == ""
    assert await _note(tmp_path, "python3 -m gymdesk.absent") == ""
    assert await _note(tmp_path, "python3 top.py") == ""
    assert await _note(tmp_path, "python3 gymdesk/billing.py first_invoice basic | cat") == ""
    assert await _note(tmp_path, "echo gymdesk/billing.py") == ""


async def test_the_session_sends_the_note_with_the_commands_output(workspace, tmp_path) -> None:
    _package(workspace.root)
    turns = [turn({"action": "run_command", "command": "python3 gymdesk/billing.py first_invoice basic 26"}),
             turn({"action": "done", "summary": "ran it"})]
    _, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    feedback = [event.text for event in rec.of(FeedbackSent)]
    assert any("no known parent package" in text and "`python3 -m gymdesk.billing`" in text for text in feedback)


def test_a_module_name_in_the_output_that_the_workspace_cannot_hold_is_no_error(tmp_path) -> None:
    """The output is the command's, hostile: a name too long for the file system, or one a link
    takes out of the workspace, is not the project's package (and raises nothing)."""
    _package(tmp_path)
    (tmp_path / "evil").symlink_to("/")
    for name in ("a" * 300, "evil"):
        assert script_note("python3 gymdesk/billing.py", 1, f"No module named '{name}'", Workspace(tmp_path)) == ""


async def test_a_call_written_after_the_script_is_answered_with_the_call_made(tmp_path) -> None:
    """heldout20's r12 ran `python pizzeria/orders.py order_total([...], coupon='TWOFOR1', delivery=True)` five
    times: dash read the bracket as its own syntax. The note makes that call, in the form the risk rules
    let run read-only, and it prints the value."""
    from smallops_tui.agent.reply.kinds import RunCommand
    from smallops_tui.agent.risk.classify import classify

    _package(tmp_path, _BILLING.replace("from .prices import PRICES", "PRICES = {'basic': 30, 'gold': 50}"))
    command = "python3 gymdesk/billing.py first_invoice('gold', age=30)"
    note = await _note(tmp_path, command)
    assert "is not given a call to make" in note, note
    call = _suggested_call(note)
    assert call.endswith('"from gymdesk.billing import first_invoice; print(first_invoice(\'gold\', age=30))"')
    assert classify(RunCommand(command=call.replace(sys.executable, "python3", 1)), Workspace(tmp_path)).rules == (
        "shell.workspace_call",)
    called = await run_command(call, tmp_path, timeout=20)
    assert (called.exit_code, called.output.strip()) == (0, "50")
    # Not the script's own function, or arguments that are not literals: no call is suggested.
    for other in ("python3 gymdesk/billing.py print('x')", "python3 gymdesk/billing.py first_invoice(open('f'), 1)"):
        assert "is not given a call to make" not in await _note(tmp_path, other), other
