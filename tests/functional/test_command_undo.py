"""`u` undoes an approved command (issue 20, "the net"): what it changed or deleted comes back,
what it created goes; past the bound the proposal says "not undoable" before approval; the undo
is logged, told to the model, replayed and shown like an edit's. Real commands in the real
sandbox, through the TUI (Pilot) and the session's own API."""

from __future__ import annotations

import os
import stat

from smallops_tui.agent import read_log
from smallops_tui.agent.session.fold import Line, SessionFold
from smallops_tui.agent.session.loop import ScriptedPolicy, Session, SessionConfig
from smallops_tui.backends import OllamaBackend

from ..harness import Recorder, run_app, toast_texts
from ..replay_server import ReplayServer
from ..streams import turn
from ..waiting import wait_for
from smallops_tui.agent.log.events import ActionProposed, Undone
from ..typed import live_screen, of, proposal_of, session_of

CHAT = "/api/chat"


async def _approve_any(h, n: int) -> None:
    """Approve proposal n, a HIGH one with its deliberate second press."""
    await h.approve(n)
    await h.confirm_if_high()


async def test_u_after_an_approved_rm_f_brings_the_file_back(workspace, tmp_path) -> None:
    target = workspace.root / "main.py"
    original = target.read_bytes()
    turns = [turn({"action": "run_command", "command": "rm -f main.py"}),
             turn({"action": "list_dir", "path": "."}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await _approve_any(h, 1)
        await h.proposal(2)
        assert not target.exists()
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.events(Undone), "the undo")
        assert target.read_bytes() == original
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.approve(3)
        await h.ended()
        told = h.request(2)["messages"][-1]["content"]
    assert "undid the command `rm -f main.py`" in told and "main.py" in told
    [undone] = of(read_log(tmp_path / "log.jsonl").events, Undone)
    assert undone.command == "rm -f main.py" and undone.paths == ["main.py"] and undone.diff is not None \
        and "+def add" in undone.diff


SHUFFLE = ("mkdir -p new/deep && echo made > new/deep/f.txt && echo extra >> main.py && chmod 0700 main.py && "
           "mv README.md gone.md && ln -s main.py link && rm -rf empty_dir")


async def test_undo_puts_back_changes_modes_moves_and_removes_what_was_made(workspace, tmp_path) -> None:
    root = workspace.root
    (root / "empty_dir").mkdir()
    before = {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None, stat.S_IMODE(p.lstat().st_mode))
              for p in root.rglob("*")}
    turns = [turn({"action": "run_command", "command": SHUFFLE}), turn({"action": "done", "summary": "x"})]

    class UndoAfterCommand(ScriptedPolicy):
        session: Session  # set once the session is built

        async def decide(self, proposal):
            if proposal.action is not None and proposal.action.action == "done":
                self.undone = self.session.controls.undo()
            return await super().decide(proposal)

    decider = UndoAfterCommand("approve-all")
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider)
            decider.session = session
            rec = Recorder(session)
            await session.run()
    assert decider.undone == f"the command `{SHUFFLE}`"
    after = {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None, stat.S_IMODE(p.lstat().st_mode))
             for p in root.rglob("*")}
    assert after == before
    assert set(rec.of(Undone)[0].paths) == {"gone.md", "link", "main.py", "new/deep/f.txt", "README.md"}


async def test_past_the_bound_the_proposal_says_not_undoable_before_approval(workspace, tmp_path) -> None:
    (workspace.root / "big.bin").write_bytes(os.urandom(3 << 20))
    turns = [turn({"action": "run_command", "command": "rm -f main.py"}),
             turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        session_of(h.app).preimages.budget = 1 << 20
        await h.proposal(1)
        flags = [f for f in proposal_of(h.app).flags if f.kind == "not_undoable"]
        assert flags and flags[0].message.startswith("not undoable: the workspace's files hold 3 MB")
        [proposed] = h.events(ActionProposed)
        assert any(f.kind == "not_undoable" for f in proposed.flags)  # logged with the proposal
        await _approve_any(h, 1)
        await h.proposal(2)
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.app._notifications, "a notification")
        assert any("cannot be undone" in m and "1 MB" in m for m in toast_texts(h.app))
        assert not (workspace.root / "main.py").exists()


async def test_a_replay_shows_the_undo_of_a_command_like_an_edits(workspace, tmp_path) -> None:
    turns = [turn({"action": "run_command", "command": "echo more >> main.py"}),
             turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]

    class UndoAtSecond(ScriptedPolicy):
        session: Session  # set once the session is built

        async def decide(self, proposal):
            if proposal.action is not None and proposal.action.action == "list_dir" and not getattr(self, "done", 0):
                self.done = self.session.controls.undo()
            return await super().decide(proposal)

    decider = UndoAtSecond("approve-all")
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider, tmp_path / "s.jsonl")
            decider.session = session
            await session.run()
    log = read_log(tmp_path / "s.jsonl")
    fold = SessionFold.of_header(log.header)
    for event in log.events:
        fold.apply(event)
    lines = [line.text for step in fold.steps for kind, line in step.story if kind == "line" and isinstance(line, Line)]
    assert any("undid the command `echo more >> main.py` (main.py as before it)" in text for text in lines), lines
