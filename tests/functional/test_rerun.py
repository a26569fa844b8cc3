"""`smallops rerun`: a fixture session run again from step 0 against the replay server. Fed the
replies the recording got, it reproduces the run (the same actions, decisions, outcome and files);
fed a different reply, it reports the first divergence and stops there, or goes on under a policy.

A log is hostile input (issue 20): the server comes from the person (flags, settings), never from
the log's header, and a recorded approval above LOW or reaching outside the workspace is replayed
only when the person says yes now (asked on standard input), never under --yes-low-only."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest

from smallops_tui.agent import ScriptedPolicy, Session, SessionConfig, Workspace
from smallops_tui.backends import OllamaBackend

from smallops_tui.agent.history.fork import rebuild_workspace
from smallops_tui.agent.history.replay import Replay
from smallops_tui.cli import main
from smallops_tui.agent.log.events import Decision, ReplyFinished

from ..conftest import SESSIONS
from ..replay_server import ReplayServer, Reply, ThreadedReplayServer
from ..streams import turn
from .test_fork import files_of


def recorded_replies(replay: Replay) -> list[Reply]:
    """The replies the recording's model sent (the attempts that finished), in order."""
    return [turn(e.raw, thinking=e.thinking) for view in replay.steps for e in view.of(ReplyFinished)]


def routes(chat: list[Reply]) -> dict[str, list[Reply]]:
    return {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json")],
            "/api/show": [Reply("ollama_show_llama.json")], "/api/ps": [Reply("ollama_version.json")],
            "/api/chat": chat}


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch):
    """What the person types when rerun asks before replaying an approval (default: yes to each)."""

    def type_in(text: str = "y\n" * 50) -> None:
        monkeypatch.setattr("sys.stdin", io.StringIO(text))

    type_in()
    return type_in


def rerun(log: Path, chat: list[Reply], tmp_path: Path, *extra: str) -> tuple[int, Replay, Path]:
    out, ws = tmp_path / "rerun.jsonl", tmp_path / "ws"
    with ThreadedReplayServer(routes(chat)) as server:
        code = main(["rerun", str(log), "--backend", "ollama", "--url", server.url, "--model", "llama3.2:1b",
                     "--out", str(out), "--workspace", str(ws), *extra])
    return code, Replay.load(out), ws


def track(replay: Replay) -> list[tuple[int, object, str]]:
    return [(view.number, view.proposal.action if view.proposal else None, view.outcome) for view in replay.steps]


@pytest.mark.parametrize("name", ["fix-add-clean", "every-failure-mode", "edit-undo-error-stop"])
def test_rerun_with_the_same_stream_reproduces_the_recorded_run(name: str, tmp_path: Path, capsys, answers) -> None:
    log = SESSIONS / f"{name}.jsonl"
    recorded = Replay.load(log)
    code, again, ws = rerun(log, recorded_replies(recorded), tmp_path)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "the rerun reproduced the recording" in out and "≠" not in out
    assert track(again) == track(recorded) and again.outcome == recorded.outcome
    assert (forked := again.header.forked_from) is not None and forked["rerun"] is True and again.header.model == "llama3.2:1b"
    # The files too: as the recording left them before its last step.
    last = len(recorded.steps) - 1
    assert files_of(ws) == files_of(rebuild_workspace(recorded, last, tmp_path / "expected").root)


def test_rerun_reports_the_first_divergence_and_stops_there(tmp_path: Path, capsys, answers) -> None:
    log = SESSIONS / "every-failure-mode.jsonl"
    recorded = Replay.load(log)
    replies = recorded_replies(recorded)
    replies[2] = turn({"action": "read_file", "path": "README.md"})
    code, again, _ = rerun(log, replies, tmp_path)
    out = capsys.readouterr().out
    assert code == 1
    assert "first divergence at step 3: recorded write_file main.py; the rerun proposed read_file README.md" in out
    assert "the rerun stopped there" in out
    assert [view.outcome for view in again.steps] == ["parse_failure", "approved", "stopped"]
    rows = [line for line in out.splitlines() if line.startswith("3 ")]
    assert rows and "write_file main.py" in rows[0] and "read_file README.md" in rows[0] and rows[0].endswith("≠")


def test_rerun_goes_on_under_a_policy_when_told(tmp_path: Path, capsys, answers) -> None:
    log = SESSIONS / "every-failure-mode.jsonl"
    recorded = Replay.load(log)
    replies = recorded_replies(recorded)
    replies[2] = turn({"action": "read_file", "path": "README.md"})
    code, again, _ = rerun(log, replies, tmp_path, "--continue-with", "approve-non-high")
    out = capsys.readouterr().out
    assert code == 1 and "first divergence at step 3" in out and "stopped there" not in out
    assert len(again.steps) == len(recorded.steps) and again.outcome == "done"
    # The policy decided from step 3 on: the destructive rewrite (HIGH) the person rejected is rejected again.
    decisions = [d for view in again.steps[2:] for d in view.of(Decision)]
    assert decisions and all(d.by == "policy" for d in decisions)


def test_rerun_refuses_what_it_cannot_run_in_a_sentence(tmp_path: Path, capsys) -> None:
    assert main(["rerun", str(tmp_path / "nope.jsonl")]) == 2
    assert "does not exist" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main(["rerun", str(SESSIONS / "fix-add-clean.jsonl"), "--continue-with", "yolo"])
    assert exited.value.code == 2 and "invalid choice: 'yolo'" in capsys.readouterr().err


SECRET = "PRIVATE-KEY-7f3a"


def _log_that_approved_reading_outside(tmp_path: Path) -> tuple[Path, list[Reply]]:
    """A real session whose person approved `cat ../outside/id_rsa` (MEDIUM: it reads outside the
    workspace), run against a server of its own: the log's header names that server."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "id_rsa").write_text(SECRET + "\n")
    workspace = tmp_path / "project"
    workspace.mkdir()
    (workspace / "main.py").write_text("print(1)\n")
    replies = [turn({"action": "run_command", "command": "cat ../outside/id_rsa"}),
               turn({"action": "done", "summary": "read it"})]
    log = tmp_path / "approved.jsonl"

    async def record() -> None:
        async with ReplayServer(routes(list(replies))) as server:
            async with OllamaBackend(server.url, "llama3.2:1b") as backend:
                await Session(backend, Workspace(workspace), SessionConfig(task="look", sandbox="off"),
                              ScriptedPolicy("approve-all"), log).run()

    asyncio.run(record())
    approved = [d for view in Replay.load(log).steps for d in view.of(Decision)]
    assert approved[0].decision == "approve" and SECRET in log.read_text()  # the original run did read it
    return log, replies


def _rerun_with_settings(log: Path, replies: list[Reply], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                         *extra: str) -> tuple[int, list, list, Path, str]:
    """rerun LOG with no server flag, while the log's own server listens: the person's settings
    name another. Returns the exit code, what each server was asked, the rerun's log and the
    person's server's URL."""
    out = tmp_path / "rerun.jsonl"
    with ThreadedReplayServer(routes(list(replies))) as theirs, ThreadedReplayServer(routes(list(replies))) as ours:
        header = json.loads(log.read_text().splitlines()[0])
        header["url"] = theirs.url  # the log names a server that is up and would answer
        lines = log.read_text().splitlines()
        log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
        monkeypatch.setenv("SMALLOPS_BACKEND", "ollama")
        monkeypatch.setenv("SMALLOPS_URL", ours.url)
        code = main(["rerun", str(log), "--out", str(out), "--workspace", str(tmp_path / "ws"), *extra])
        return code, list(theirs.requests), list(ours.requests), out, ours.url


def test_rerun_takes_the_server_from_the_person_never_from_the_log(tmp_path: Path, capsys, monkeypatch,
                                                                   answers) -> None:
    log, replies = _log_that_approved_reading_outside(tmp_path)
    code, theirs, ours, out, url = _rerun_with_settings(log, replies, tmp_path, monkeypatch)
    assert code == 0 and theirs == [] and ours  # the header's server was never contacted
    assert f"with {url} (the log named" in capsys.readouterr().err
    assert Replay.load(out).header.url.rstrip("/") == url.rstrip("/")


@pytest.mark.parametrize("how", ["no answer", "answered no", "--yes-low-only"])
def test_a_replayed_approval_reaching_outside_needs_the_person_s_yes(how: str, tmp_path: Path, capsys, monkeypatch,
                                                                    answers) -> None:
    log, replies = _log_that_approved_reading_outside(tmp_path)
    answers({"no answer": "", "answered no": "n\n", "--yes-low-only": "y\n" * 5}[how])
    extra = ("--yes-low-only",) if how == "--yes-low-only" else ()
    code, _, ours, out, url = _rerun_with_settings(log, replies, tmp_path, monkeypatch, *extra)
    said = capsys.readouterr()
    assert code == 1
    assert "step 1: the recording approved run_command cat ../outside/id_rsa; not replayed: it is MEDIUM" in said.out
    # Nothing ran: the secret reached neither the server nor the rerun's log.
    assert not any(SECRET in r.body.decode() for r in ours) and SECRET not in out.read_text()
    assert [v.outcome for v in Replay.load(out).steps] == ["stopped"]
    if how == "--yes-low-only":
        assert "replay this approval?" not in said.err
    else:  # the person was asked, and shown what would run, its risk now and where its output goes
        assert "replay this approval? [y/N]" in said.err and "cat ../outside/id_rsa" in said.err
        assert "reads a path outside the workspace" in said.err and f"goes to the model at {url}" in said.err


def test_a_replayed_approval_runs_when_the_person_says_yes(tmp_path: Path, capsys, monkeypatch, answers) -> None:
    log, replies = _log_that_approved_reading_outside(tmp_path)
    answers("y\n")
    code, _, ours, out, _ = _rerun_with_settings(log, replies, tmp_path, monkeypatch)
    assert code == 0 and "replay this approval? [y/N]" in capsys.readouterr().err
    assert any(SECRET in r.body.decode() for r in ours)  # the person chose to send it, to their own server
