"""A `python3 -c` the risk rules let through as a call of the workspace's own functions
(`shell.workspace_call`, MEDIUM) runs with the workspace read-only: the model picks the
arguments, so a helper that writes or deletes must not get to (risk/workspace_calls.py)."""

from __future__ import annotations

import asyncio
import shlex
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import RunCommand
from smallops_tui.agent.risk.classify import classify
from smallops_tui.agent.risk.workspace_calls import WORKSPACE_CALL
from smallops_tui.agent.sandbox.confine import resolve_sandbox
from smallops_tui.agent.session.decisions import Proposal
from smallops_tui.agent.session.executors import ExecutionContext, execute

from ..sandbox_users import USERS, open_dirs, run_as, sandbox_for, write_script

SANDBOX = resolve_sandbox("auto", False, (), None)
needs_sandbox = pytest.mark.skipif(not SANDBOX.confined, reason="no sandbox here (neither Landlock nor bwrap): "
                                   "a workspace call without one counts HIGH and is not run read-only")

HELPERS = '''def total(prices):
    return sum(prices)


def keep(name, text):
    with open(name, "w") as out:
        out.write(text)
    return "kept " + name
'''


def _workspace(tmp_path: Path) -> Workspace:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "__init__.py").write_text("")
    (tmp_path / "shop" / "till.py").write_text(HELPERS)
    return Workspace(tmp_path)


def _run(workspace: Workspace, program: str) -> tuple[Proposal, str, bool]:
    action = RunCommand(command="python3 -c " + shlex.quote(program))
    proposal = Proposal(step=1, raw="", action=action, verdict=classify(action, workspace))
    ctx = ExecutionContext(workspace, SANDBOX, 60.0, 1, asyncio.Event())
    done = asyncio.run(execute(proposal, ctx))
    return proposal, done.output or "", done.ok


@needs_sandbox
def test_a_call_prints_what_it_returns(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path)
    proposal, output, ok = _run(workspace, "from shop.till import total; print(total([41, 12, 7]))")
    assert proposal.verdict is not None and proposal.verdict.level == "MEDIUM"
    assert WORKSPACE_CALL in proposal.verdict.rules
    assert ok and output.strip() == "60"


@needs_sandbox
def test_a_call_that_writes_the_workspace_is_refused_by_the_sandbox(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path)
    program = "from shop.till import keep; print(keep('notes.txt', 'hello'))"
    proposal, output, ok = _run(workspace, program)
    assert proposal.verdict is not None and WORKSPACE_CALL in proposal.verdict.rules
    assert not ok and not (tmp_path / "notes.txt").exists(), output
    # The control: the same command with the workspace writable does write (so the read-only run is what stopped it).
    ctx = ExecutionContext(workspace, SANDBOX, 60.0, 1, asyncio.Event())
    other = Proposal(step=1, raw="", action=RunCommand(command="python3 -c " + shlex.quote(program)), verdict=None)
    assert asyncio.run(execute(other, ctx)).ok
    assert (tmp_path / "notes.txt").read_text() == "hello"


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", ["landlock", "landlock-no-ns", "bwrap"])
def test_the_read_only_sandbox_holds_for_root_and_for_an_unprivileged_user(kind: str, user: str) -> None:
    """What the read-only run rests on, as root (CI, containers) and as uid 65534: a write into the
    workspace is refused, a file there is not deleted, and the temporary directory stays writable."""
    sandbox = sandbox_for(kind)
    with open_dirs(user) as (workspace, temp, _):
        write_script(workspace, "notes.txt", "kept\n", user)
        script = write_script(workspace, "probe.py", PROBE, user)
        read_only = run_as(user, sandbox.read_only_workspace(), f"python3 {script.name}", workspace, temp)
        assert "workspace write refused" in read_only.output and "delete refused" in read_only.output, read_only
        assert "temp write ok" in read_only.output, read_only
        assert (workspace / "notes.txt").read_text() == "kept\n" and not (workspace / "new.txt").exists()
        # The control: the session's own sandbox lets the same script write the workspace.
        writable = run_as(user, sandbox, f"python3 {script.name}", workspace, temp)
        assert "workspace write ok" in writable.output, writable
        assert (workspace / "new.txt").exists()


PROBE = '''import os, tempfile
for what, act in (("workspace write", lambda: open("new.txt", "w").write("x")),
                  ("delete", lambda: os.remove("notes.txt")),
                  ("temp write", lambda: tempfile.NamedTemporaryFile(dir=os.environ["TMPDIR"]).write(b"x"))):
    try:
        act()
        print(what, "ok")
    except OSError as exc:
        print(what, "refused", type(exc).__name__)
'''
