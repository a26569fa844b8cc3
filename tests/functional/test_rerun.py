"""`smallops rerun`: a fixture session run again from step 0 against the replay server. Fed the
replies the recording got, it reproduces the run (the same actions, decisions, outcome and files);
fed a different reply, it reports the first divergence and stops there, or goes on under a policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.history.fork import rebuild_workspace
from smallops_tui.agent.history.replay import Replay
from smallops_tui.cli import main

from ..conftest import SESSIONS
from ..replay_server import Reply, ThreadedReplayServer
from ..streams import turn
from .test_fork import files_of


def recorded_replies(replay: Replay) -> list[Reply]:
    """The replies the recording's model sent (the attempts that finished), in order."""
    return [turn(e.raw, thinking=e.thinking) for view in replay.steps for e in view.of("reply_finished")]


def routes(chat: list[Reply]) -> dict[str, list[Reply]]:
    return {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json")],
            "/api/show": [Reply("ollama_show_llama.json")], "/api/ps": [Reply("ollama_version.json")],
            "/api/chat": chat}


def rerun(log: Path, chat: list[Reply], tmp_path: Path, *extra: str) -> tuple[int, Replay, Path]:
    out, ws = tmp_path / "rerun.jsonl", tmp_path / "ws"
    with ThreadedReplayServer(routes(chat)) as server:
        code = main(["rerun", str(log), "--backend", "ollama", "--url", server.url, "--model", "llama3.2:1b",
                     "--out", str(out), "--workspace", str(ws), *extra])
    return code, Replay.load(out), ws


def track(replay: Replay) -> list[tuple[int, object, str]]:
    return [(view.number, view.proposal.action if view.proposal else None, view.outcome) for view in replay.steps]


@pytest.mark.parametrize("name", ["fix-add-clean", "every-failure-mode", "edit-undo-error-stop"])
def test_rerun_with_the_same_stream_reproduces_the_recorded_run(name: str, tmp_path: Path, capsys) -> None:
    log = SESSIONS / f"{name}.jsonl"
    recorded = Replay.load(log)
    code, again, ws = rerun(log, recorded_replies(recorded), tmp_path)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "the rerun reproduced the recording" in out and "≠" not in out
    assert track(again) == track(recorded) and again.outcome == recorded.outcome
    assert again.header.forked_from["rerun"] is True and again.header.model == "llama3.2:1b"
    # The files too: as the recording left them before its last step.
    last = len(recorded.steps) - 1
    assert files_of(ws) == files_of(rebuild_workspace(recorded, last, tmp_path / "expected").root)


def test_rerun_reports_the_first_divergence_and_stops_there(tmp_path: Path, capsys) -> None:
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


def test_rerun_goes_on_under_a_policy_when_told(tmp_path: Path, capsys) -> None:
    log = SESSIONS / "every-failure-mode.jsonl"
    recorded = Replay.load(log)
    replies = recorded_replies(recorded)
    replies[2] = turn({"action": "read_file", "path": "README.md"})
    code, again, _ = rerun(log, replies, tmp_path, "--continue-with", "approve-non-high")
    out = capsys.readouterr().out
    assert code == 1 and "first divergence at step 3" in out and "stopped there" not in out
    assert len(again.steps) == len(recorded.steps) and again.outcome == "done"
    # The policy decided from step 3 on: the destructive rewrite (HIGH) the person rejected is rejected again.
    decisions = [d for view in again.steps[2:] for d in view.of("decision")]
    assert decisions and all(d.by == "policy" for d in decisions)


def test_rerun_refuses_what_it_cannot_run_in_a_sentence(tmp_path: Path, capsys) -> None:
    assert main(["rerun", str(tmp_path / "nope.jsonl")]) == 2
    assert "does not exist" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main(["rerun", str(SESSIONS / "fix-add-clean.jsonl"), "--continue-with", "yolo"])
    assert exited.value.code == 2 and "invalid choice: 'yolo'" in capsys.readouterr().err
