"""Approved is applied: the bytes on disk after an approval are the bytes the diff showed.

Each test runs the real loop (Session) against the replaying server with a scripted decider,
or the TUI with Pilot where the person would see the difference.
"""

from __future__ import annotations

import os

import pytest

from smallops_tui.agent import read_log
from smallops_tui.agent.files.edits import EditError, preview_edit
from smallops_tui.agent.reply.kinds import ReplaceLines, WriteFile
from smallops_tui.agent.session.loop import Choice, ScriptedPolicy
from smallops_tui.agent.files.workspace import MAX_EDIT_BYTES, Workspace

from ..streams import turn
from ..harness import run_session
from ..harness import run_app
from ..waiting import wait_for
from ..apps import replay_app
from smallops_tui.agent.log.events import ActionProposed, Decision, Executed, Notice
from ..typed import live_screen, of, proposal_of, proposal_text_of


def latin1_crlf_file(size: int) -> tuple[bytes, list[bytes]]:
    """A Latin-1, CRLF file of about `size` bytes whose last line has no newline."""
    lines = [f"ligne {n:07d}: café crème à la française\r\n".encode("latin-1") for n in range(size // 40)]
    lines[-1] = lines[-1].rstrip(b"\r\n")
    return b"".join(lines), lines


async def test_three_line_fix_in_a_latin1_crlf_3mb_file_round_trips_byte_for_byte(workspace, tmp_path) -> None:
    data, lines = latin1_crlf_file(3_000_000)
    assert len(data) > 2_900_000 and len(lines) > 70_000
    (workspace.root / "big.txt").write_bytes(data)
    fix = "ligne A: déjà vu\nligne B: naïve\nligne C: garçon"
    turns = [turn({"action": "replace_lines", "path": "big.txt", "start": 50_001, "end": 50_003, "content": fix}),
             turn({"action": "done", "summary": "fixed three lines"})]
    outcome, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path,
                                             vocabulary="extended")
    expected = b"".join(lines[:50_000]) + "ligne A: déjà vu\r\nligne B: naïve\r\nligne C: garçon\r\n".encode("latin-1") \
        + b"".join(lines[50_003:])
    after = (workspace.root / "big.txt").read_bytes()
    assert after == expected  # every other byte as it was: Latin-1, CRLF, no final newline
    assert after.endswith(lines[-1]) and not after.endswith(b"\n")
    executed = rec.of(Executed)[0]
    assert executed.ok and executed.summary == "wrote big.txt: +3 -3"
    # The diff the person approved shows the real characters, not U+FFFD.
    proposed = rec.of(ActionProposed)[0]
    assert proposed.diff is not None and "+ligne B: naïve\r\n" in proposed.diff and "\ufffd" not in proposed.diff
    assert outcome.status == "done" and not read_log(tmp_path / "s.jsonl").torn


async def test_a_file_too_large_to_edit_is_refused_with_a_sentence_never_cut(workspace, tmp_path) -> None:
    data, _ = latin1_crlf_file(MAX_EDIT_BYTES + 500_000)
    (workspace.root / "huge.txt").write_bytes(data)
    turns = [turn({"action": "replace_lines", "path": "huge.txt", "start": 1, "end": 1, "content": "x"}),
             turn({"action": "read_file", "path": "huge.txt"}),
             turn({"action": "done", "summary": "gave up"})]
    outcome, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path,
                                             vocabulary="extended")
    assert (workspace.root / "huge.txt").read_bytes() == data
    proposed = rec.of(ActionProposed)[0]
    assert proposed.verdict.refused and any("larger than the 8.0 MB" in r for r in proposed.verdict.reasons)
    # read_file of it tells the true size and does not claim a line count or a tail.
    read = rec.of(Executed)[0]
    assert read.ok and f"{len(data):,} bytes, too large to read whole" in read.summary
    sent = server.requests[2].json()["messages"][-1]["content"]
    assert f"{len(data):,} bytes" in sent and "(the rest is not shown)" in sent and "omitted" not in sent
    assert outcome.status == "done"


async def test_a_non_utf8_file_keeps_its_bytes_and_the_diff_shows_its_characters(workspace, tmp_path) -> None:
    original = "name = 'café'\r\nprice = 1\r\nnote = 'crème'\r\n".encode("latin-1")
    (workspace.root / "menu.py").write_bytes(original)
    turns = [turn({"action": "replace_lines", "path": "menu.py", "start": 2, "end": 2, "content": "price = 2"}),
             turn({"action": "replace_lines", "path": "menu.py", "start": 2, "end": 2, "content": "price = '2 €'"}),
             turn({"action": "done", "summary": "price"})]
    _, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path, vocabulary="extended")
    assert (workspace.root / "menu.py").read_bytes() == original.replace(b"price = 1", b"price = 2")
    first = rec.of(ActionProposed)[0].diff
    assert first is not None and " name = 'café'\r\n" in first and "\ufffd" not in first
    # "€" has no Latin-1 byte: refused with a sentence, the file untouched.
    second = rec.of(ActionProposed)[1]
    assert second.verdict.refused and any("Latin-1 cannot hold" in r for r in second.verdict.reasons)


def test_line_endings_and_final_newline_are_kept(workspace: Workspace) -> None:
    (workspace.root / "crlf.txt").write_bytes(b"one\r\ntwo\r\nthree")
    preview = preview_edit(ReplaceLines(path="crlf.txt", start=3, end=3, content="THREE\n"), workspace)
    assert preview.data == b"one\r\ntwo\r\nTHREE"  # CRLF kept, still no final newline
    preview = preview_edit(WriteFile(path="crlf.txt", content="a\nb\n"), workspace)
    assert preview.data == b"a\r\nb\r\n"  # a whole-file write takes the file's line ending too
    preview = preview_edit(WriteFile(path="new.txt", content="x\r\ny\n"), workspace)
    assert preview.data == b"x\r\ny\n"  # a new file is written as sent


def test_unwritable_content_is_refused_with_a_sentence(workspace: Workspace) -> None:
    with pytest.raises(EditError, match="U\\+D800.*cannot be written as utf-8"):
        preview_edit(WriteFile(path="x.txt", content="bad \ud800"), workspace)


async def test_a_file_changed_after_the_proposal_is_shown_again_never_rebased(workspace, tmp_path) -> None:
    target = workspace.root / "main.py"

    class ChangeThenApprove(ScriptedPolicy):
        seen: list = []

        async def decide(self, proposal):
            self.seen.append(proposal)
            if len(self.seen) == 1:  # between the proposal and the key, something edits the file
                target.write_text("# a header\n" + target.read_text())
            return Choice("approve", by="policy")

    decider = ChangeThenApprove("approve-all")
    turns = [turn({"action": "replace_lines", "path": "main.py", "start": 2, "end": 2, "content": "    return a + b"}),
             turn({"action": "done", "summary": "fixed"})]
    _, rec, _ = await run_session(turns, workspace, decider, tmp_path, vocabulary="extended")
    first, again = decider.seen[0], decider.seen[1]
    assert "-    return a - b" in first.preview.diff.unified
    assert again.note.startswith("shown again: main.py changed on disk")
    # Line 2 is now the def: the new diff says so, and that is what was written.
    assert "-def add(a, b):" in again.preview.diff.unified
    assert target.read_bytes() == again.preview.data
    assert target.read_text() == "# a header\n    return a + b\n    return a - b\n\n\nprint(add(2, 3))\n"
    assert [e.type for e in rec.events if e.type in ("action_proposed", "executed") and e.step == 1] == \
        ["action_proposed", "action_proposed", "executed"]
    assert rec.of(ActionProposed)[1].note == again.note
    assert "changed on disk" in rec.of(Notice)[0].text


async def test_undo_while_a_proposal_is_pending_shows_it_again_in_the_tui(workspace, tmp_path) -> None:
    (workspace.root / "conf.py").write_text("a = 1\nb = 2\nc = 3\nd = 4\n")
    turns = [turn({"action": "insert_lines", "path": "conf.py", "after": 0, "content": "import os"}),
             turn({"action": "replace_lines", "path": "conf.py", "start": 2, "end": 2, "content": "a = 100"}),
             turn({"action": "done", "summary": "set a"})]
    async with run_app(turns, workspace, tmp_path, vocabulary="extended") as h:
        await h.approve(1)
        await h.proposal(2)
        assert (preview := proposal_of(h.app).preview) is not None and "-a = 1" in preview.diff.unified
        await h.pilot.press("u")  # the insert is undone while `-a = 1 / +a = 100` is on screen
        await h.proposal(3)
        assert "SHOWN AGAIN" in proposal_text_of(h.app).plain and "an undo" in proposal_text_of(h.app).plain
        assert (preview := proposal_of(h.app).preview) is not None and "-b = 2" in preview.diff.unified  # the person now sees what would happen
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "the approve key to arm")
        await h.pilot.press("y")
        await h.approve(4)
        await h.ended()
    assert (workspace.root / "conf.py").read_text() == "a = 1\na = 100\nc = 3\nd = 4\n"
    assert [e.decision for e in of(read_log(tmp_path / "log.jsonl").events, Decision)] == \
        ["approve", "approve", "approve"]


def test_writes_are_atomic_renames_not_in_place(workspace: Workspace) -> None:
    target = workspace.root / "main.py"
    twin = workspace.root / "twin.py"
    os.link(target, twin)  # a hard link shares the inode: an in-place write would change both
    old = target.read_bytes()
    workspace.write_bytes("main.py", b"new\n")
    assert target.read_bytes() == b"new\n" and twin.read_bytes() == old
    assert target.stat().st_ino != twin.stat().st_ino


async def test_the_log_is_fsynced_at_each_decision_and_execution(workspace, tmp_path, monkeypatch) -> None:
    synced: list[tuple[int, list[str]]] = []
    real_fsync = os.fsync
    log_path = tmp_path / "s.jsonl"

    def recording_fsync(fd: int) -> None:
        if os.path.realpath(f"/proc/self/fd/{fd}") == str(log_path):
            lines = log_path.read_text().splitlines()
            synced.append((len(lines), [line.split('"type":"')[1].split('"')[0] for line in lines[1:]]))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "looked"})]
    await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    # Every durable event was on disk and synced right after it was written.
    last_types = [types[-1] for _, types in synced if types]
    for kind in ("decision", "executed", "session_ended"):
        assert kind in last_types, f"no fsync right after a {kind}"
    assert last_types.count("decision") == 2


async def test_the_reject_reason_reaches_the_model_word_for_word(workspace, tmp_path) -> None:
    class RejectWithReason(ScriptedPolicy):
        async def decide(self, proposal):
            if proposal.action.action == "write_file":
                return Choice("reject", reason="keep the print line, change only the return")
            return Choice("approve", by="policy")

    turns = [turn({"action": "write_file", "path": "main.py", "content": "x = 1\n"}),
             turn({"action": "done", "summary": "ok"})]
    _, rec, server = await run_session(turns, workspace, RejectWithReason(), tmp_path)
    sent = server.requests[1].json()["messages"][-1]["content"]
    assert "keep the print line, change only the return" in sent and "rejected your write_file" in sent
    assert rec.of(Decision)[0].reason == "keep the print line, change only the return"
    assert (workspace.root / "main.py").read_text().startswith("def add")


async def test_the_approve_key_waits_for_the_arming_delay_on_its_own_clock(workspace, tmp_path, monkeypatch) -> None:
    from smallops_tui.ui import app as app_module

    now = [1000.0]
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        live_screen(h.app).clock = lambda: now[0]
        await h.proposal(1)
        await wait_for(h.pilot, lambda: live_screen(h.app).approval.armed_at is not None, "the arming to start")
        await h.pilot.press("y")  # at once: ignored
        await h.pilot.pause()
        assert not h.events(Decision) and live_screen(h.app).awaiting_decision
        now[0] += app_module.ARM_DELAY * 0.9
        await h.pilot.press("y")  # not yet
        await h.pilot.pause()
        assert not h.events(Decision)
        now[0] += app_module.ARM_DELAY * 0.2
        await h.pilot.press("y")
        await wait_for(h.pilot, lambda: h.events(Decision), "the approval")
    assert app_module.ARM_DELAY >= 0.2  # a delay a person can notice


async def test_line_ending_and_final_newline_changes_are_visible_in_every_diff(workspace, tmp_path) -> None:
    from smallops_tui.agent.history.replay import Replay
    from ..harness import diff_pane

    (workspace.root / "mixed.txt").write_bytes(b"one\r\ntwo\n")  # mixed endings: content is written as sent
    (workspace.root / "end.txt").write_bytes(b"alpha\nbeta\ngamma\n")
    turns = [turn({"action": "write_file", "path": "mixed.txt", "content": "one\ntwo\n"}),
             turn({"action": "write_file", "path": "end.txt", "content": "alpha\nbeta\ngamma"}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        rows = diff_pane(h.app)
        assert "one ⟨CRLF⟩" in rows and "one ⟨LF⟩" in rows  # not two identical rows
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.confirm_if_high()
        await h.proposal(2)
        rows = diff_pane(h.app)
        assert "gamma ⟨LF⟩" in rows and "gamma ⟨no newline at end of file⟩" in rows
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.approve(3)
        await h.ended()
        net = "\n".join(diff_pane(h.app))  # the net diff beside `done`
        assert "-one ⟨CRLF⟩" in net and "+gamma ⟨no newline at end of file⟩" in net
    assert (workspace.root / "mixed.txt").read_bytes() == b"one\ntwo\n"
    assert (workspace.root / "end.txt").read_bytes() == b"alpha\nbeta\ngamma"
    app = replay_app(Replay.load(tmp_path / "log.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "one ⟨CRLF⟩" in diff_pane(app) and "one ⟨LF⟩" in diff_pane(app)


async def test_whitespace_that_looks_alike_is_told_apart_in_the_diff(workspace, tmp_path) -> None:
    """A tab replaced by spaces, a no-break space for a space, a new file with CRLF endings: the
    bytes change, so the diff must not show two identical rows (or none that says so)."""
    from ..harness import diff_pane

    (workspace.root / "Makefile").write_bytes(b"all:\n\techo hi\n")
    (workspace.root / "t.txt").write_bytes(b"a b\n")
    (workspace.root / "Make2").write_bytes(b"all:\n\techo hi\n")
    turns = [turn({"action": "write_file", "path": "Makefile", "content": "all:\n    echo hi\n"}),
             turn({"action": "write_file", "path": "Make2", "content": "all:\n    echo hi!\n"}),
             turn({"action": "write_file", "path": "t.txt", "content": "a\u00a0b\n"}),
             turn({"action": "write_file", "path": "new.txt", "content": "x\r\ny\r\n"}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        for n in (1, 2, 3, 4):
            await h.proposal(n)
            rows = diff_pane(h.app)
            if n == 1:
                assert "⟨tab⟩echo hi" in rows and "····echo hi" in rows, rows
            elif n == 2:  # the tab went, and something else changed too
                assert "⟨tab⟩echo hi" in rows and "····echo hi!" in rows, rows
            elif n == 3:
                assert "a⟨U+00A0⟩b" in rows and "a b" in rows, rows
            else:
                assert "x ⟨CRLF⟩" in rows and "y ⟨CRLF⟩" in rows, rows
            await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
            await h.pilot.press("y")
            await h.confirm_if_high()
        await h.approve(5)
        await h.ended()
    assert (workspace.root / "Makefile").read_bytes() == b"all:\n    echo hi\n"
    assert (workspace.root / "t.txt").read_bytes() == "a\u00a0b\n".encode()
    assert (workspace.root / "new.txt").read_bytes() == b"x\r\ny\r\n"
