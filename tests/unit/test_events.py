"""The JSONL event log: round trip, torn last line, newer schema, not-a-log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent import EventLog, LogError, SessionHeader, read_log
from smallops_tui.agent.log.events import (
    SCHEMA_VERSION, ActionProposed, ContentDelta, Decision, Executed, SessionEnded, TurnStarted, VerdictInfo,
)
from smallops_tui.agent.log.events import AnswerText
from ..typed import of


def write_sample(path: Path) -> None:
    log = EventLog(path, SessionHeader(workspace="/w", task="fix add", backend="ollama", model="qwen", vocabulary="seed"))
    log.write(TurnStarted(step=1))
    log.write(ContentDelta(step=1, text='{"action": "read_file", "path": "main.py"}'))
    log.write(ActionProposed(step=1, action={"action": "read_file", "path": "main.py"},
                             verdict=VerdictInfo(level="LOW", rules=["read.file"], reasons=["reads a file"])))
    log.write(Decision(step=1, decision="approve"))
    log.write(Executed(step=1, action="read_file", ok=True, summary="read 5 lines"))
    log.write(SessionEnded(step=1, reason="stopped"))
    log.close()


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    write_sample(path)
    contents = read_log(path)
    assert contents.header.task == "fix add" and contents.header.schema_version == SCHEMA_VERSION
    assert [e.type for e in contents.events] == [
        "turn_started", "content_delta", "action_proposed", "decision", "executed", "session_ended"]
    assert not contents.torn
    times = [e.t for e in contents.events]
    assert times == sorted(times)


def test_every_line_is_flushed_before_close(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    log = EventLog(path, SessionHeader(task="t"))
    log.write(TurnStarted(step=1))
    assert len(path.read_text().splitlines()) == 2  # readable by another process right away
    log.close()


def test_torn_last_line_is_accepted_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    write_sample(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 15])  # cut inside the last event
    contents = read_log(path)
    assert contents.torn and len(contents.events) == 5
    assert "cut-off line" in contents.warnings[0]


def test_newer_schema_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps({"kind": "smallops-session", "schema": SCHEMA_VERSION + 1}) + "\n")
    with pytest.raises(LogError, match="newer than this smallops understands"):
        read_log(path)


@pytest.mark.parametrize("content,message", [
    ("", "empty"),
    ("hello world\n", "not a smallops session log"),
    ('{"some": "json"}\n', "no session header"),
    ("\x00\x01\x02", "not a smallops session log"),
])
def test_not_a_log(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(content)
    with pytest.raises(LogError, match=message):
        read_log(path)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="does not exist"):
        read_log(tmp_path / "none.jsonl")
    with pytest.raises(LogError, match="is a directory"):
        read_log(tmp_path)


def test_damaged_middle_line_is_an_error_not_a_skip(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    write_sample(path)
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:10]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match="line 3 is damaged"):
        read_log(path)


def test_log_never_overwrites_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    write_sample(path)
    with pytest.raises(FileExistsError):
        EventLog(path, SessionHeader())


def test_lazy_deltas_read_the_same_events(tmp_path: Path) -> None:
    from smallops_tui.agent.log.events import ThinkingDelta

    path = tmp_path / "s.jsonl"
    log = EventLog(path, SessionHeader(task="t"))
    log.write(TurnStarted(step=3))
    log.write(ThinkingDelta(step=3, text='tricky "type":"content_delta","text": inside'))
    log.write(ContentDelta(step=3, text="x"))
    log.write(SessionEnded(step=3, reason="done"))
    log.close()
    eager, lazy = read_log(path), read_log(path, lazy_deltas=True)
    assert [(e.type, e.step) for e in eager.events] == [(e.type, e.step) for e in lazy.events]
    assert [getattr(e, "text", None) for e in eager.events] == [getattr(e, "text", None) for e in lazy.events]
    assert type(lazy.events[1]).__name__ == "RawThinking" and lazy.events[1].t == eager.events[1].t


def test_deltas_are_batched_and_every_other_event_goes_first_to_disk_in_order(tmp_path: Path, monkeypatch) -> None:
    import time  # the module the writer reads its clock from (writer.time)

    from smallops_tui.agent.log import writer

    clock = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    path = tmp_path / "s.jsonl"
    log = EventLog(path, SessionHeader(task="t"))
    log.write(TurnStarted(step=1))
    for word in ("one ", "two "):
        log.write(ContentDelta(step=1, text=word))
    assert len(path.read_text().splitlines()) == 2 and log.has_buffered_deltas  # header, turn: deltas wait
    clock[0] += writer.DELTA_FLUSH_SECONDS * 1.5  # the batch is old enough: the next delta takes it all out
    log.write(ContentDelta(step=1, text="three"))
    assert len(path.read_text().splitlines()) == 5 and not log.has_buffered_deltas
    log.write(ContentDelta(step=1, text=" four"))
    log.write(Decision(step=1, decision="approve"))  # not a delta: the waiting ones are written first
    assert [e.type for e in read_log(path).events] == ["turn_started"] + ["content_delta"] * 4 + ["decision"]
    log.write(ContentDelta(step=1, text="x" * writer.DELTA_FLUSH_BYTES))  # a big batch goes at once
    assert not log.has_buffered_deltas
    log.write(ContentDelta(step=1, text=" last"))
    log.close()  # and close writes the rest
    texts = [e.text for e in of(read_log(path).events, AnswerText)]
    assert "".join(texts) == "one two three four" + "x" * writer.DELTA_FLUSH_BYTES + " last"


def test_a_delta_line_is_laid_out_as_every_other_line(tmp_path: Path) -> None:
    """The fast delta encoding writes what the general one would (the lazy reader depends on it)."""
    from smallops_tui.agent.log.events import ThinkingDelta
    from smallops_tui.agent.log.writer import encode_delta, encode_line

    for text in ("plain", 'quote " and \\ backslash', "tab\tnew\nline", "é 界 😀", "\x00\x1b", "lone \ud800"):
        event = ThinkingDelta(step=7, text=text, t=12.5)
        assert encode_delta(event) == encode_line(event.model_dump(mode="json"))


def test_an_events_json_fields_hold_json_and_nothing_else() -> None:
    """The action, the edit and the header's options are typed JSON (JsonValue), not Any: what a
    log line could not hold is refused where the event is made, not when it is written."""
    from pydantic import ValidationError

    action = {"action": "write_file", "path": "a.py", "content": "x = 1\n", "n": 3, "ok": True, "none": None,
              "nested": {"list": [1.5, "two"]}}
    verdict = VerdictInfo(level="LOW", rules=[], reasons=[])
    assert ActionProposed(step=1, action=action, verdict=verdict).action == action
    assert type(SessionHeader(options={"flag": True}).options["flag"]) is bool  # not coerced to 1
    for bad in ({"action": "read_file", "path": ("a", "b")}, {"action": "done", "when": object()}):
        with pytest.raises(ValidationError):
            ActionProposed(step=1, action=bad, verdict=verdict)
    with pytest.raises(ValidationError):
        SessionHeader(options={"levers": ("cap",)})
    with pytest.raises(ValidationError):
        Decision(step=1, decision="edit", edited_action={"path": {1, 2}})
