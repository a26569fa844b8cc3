"""The embedded model runs in a child process, so native code that crashes ends that process,
never the app: a stand-in worker that kills itself with SIGSEGV shows what the session sees."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from smallops_tui.agent.reply.stream import ContentChunk, Failed, Finished, Loading
from smallops_tui.backends.embedded import EmbeddedBackend
from smallops_tui.backends.worker_process import describe_exit
from ..conftest import TESTS
from ..typed import close_stream, worker_pid

STAND_IN = TESTS / "stand_in_worker.py"
MESSAGES = [{"role": "user", "content": "list the files"}]


def stand_in(tmp_path: Path, *flags: str, extra_buffers: bool = True) -> EmbeddedBackend:
    return EmbeddedBackend(worker_argv=[sys.executable, str(STAND_IN), *flags], log_path=tmp_path / "worker.log",
                           extra_buffers=extra_buffers)


async def collect(backend: EmbeddedBackend, **options) -> list:
    return [event async for event in backend.stream_chat(MESSAGES, **options)]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); it is gone for our purposes once reaped or a zombie.
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_exit_codes_are_described_as_people_read_them() -> None:
    assert describe_exit(-11) == "signal 11, SIGSEGV"
    assert describe_exit(-4) == "signal 4, SIGILL"
    assert describe_exit(1) == "exit code 1"


async def test_a_worker_that_answers_is_a_backend_like_any_other(tmp_path: Path) -> None:
    backend = stand_in(tmp_path)
    try:
        events = await collect(backend)
        again = await collect(backend)
    finally:
        await backend.aclose()
    assert isinstance(events[0], Loading) and "loading the embedded model" in events[0].text
    assert isinstance(events[-1], Finished) and events[-1].content == '{"action": "list_dir", "path": "."}'
    assert not isinstance(again[0], Loading) and isinstance(again[-1], Finished)  # loaded once per app run


async def test_a_crash_while_generating_is_one_sentence_and_a_retry_restarts_it(tmp_path: Path) -> None:
    backend = stand_in(tmp_path, "--crash-on", "generate", "--once", str(tmp_path / "crashed"))
    try:
        events = await collect(backend)
        error = events[-1]
        assert isinstance(error, Failed) and error.error.kind == "engine_error"
        assert error.error.message.startswith("the embedded model crashed (signal 11, SIGSEGV) while generating")
        assert "retrying restarts it with llama.cpp's weight repacking off" in error.error.message
        assert str(tmp_path / "worker.log") in error.error.message
        assert error.error.partial == '{"action'  # the two tokens that arrived are kept
        assert backend.extra_buffers is False and backend.crashes == 1
        retried = await collect(backend)
    finally:
        await backend.aclose()
    assert isinstance(retried[0], Loading) and isinstance(retried[-1], Finished)


async def test_a_crash_while_loading_is_one_sentence(tmp_path: Path) -> None:
    backend = stand_in(tmp_path, "--crash-on", "load", extra_buffers=False)
    try:
        events = await collect(backend)
    finally:
        await backend.aclose()
    assert isinstance(events[-1], Failed)
    message = events[-1].error.message
    assert message.startswith("the embedded model crashed (signal 11, SIGSEGV) while loading")
    assert "weight repacking off" not in message  # it was off already: nothing safer to try
    assert "stand-in worker" in (tmp_path / "worker.log").read_text()  # its stderr went to the log


async def test_a_worker_that_stops_answering_is_stopped(tmp_path: Path) -> None:
    backend = stand_in(tmp_path, "--hang")
    try:
        events = await collect(backend, first_byte_timeout=0.5)
    finally:
        await backend.aclose()
    assert isinstance(events[-1], Failed) and events[-1].error.kind == "stalled"
    assert not backend.loaded


async def test_closing_the_backend_ends_the_worker(tmp_path: Path) -> None:
    backend = stand_in(tmp_path)
    await collect(backend)
    worker = backend._worker
    assert worker is not None and worker._proc is not None
    pid = worker._proc.pid
    assert alive(pid)
    await backend.aclose()
    assert not alive(pid)


def test_the_worker_dies_with_the_app_even_on_kill_9(tmp_path: Path) -> None:
    """An app killed with SIGKILL cannot stop its worker; the worker notices on its own."""
    import subprocess
    import textwrap

    script = textwrap.dedent(f"""
        import asyncio, sys
        from smallops_tui.backends.embedded import EmbeddedBackend
        backend = EmbeddedBackend(worker_argv=[sys.executable, "-m", "smallops_tui.backends.embedded_worker"],
                                  log_path=__import__("pathlib").Path({str(tmp_path / "w.log")!r}))
        backend._own_worker = False  # no model needed: the worker only has to start
        async def main():
            from smallops_tui.backends.worker_process import WorkerProcess
            worker = WorkerProcess(backend.worker_argv, backend.log_path)
            worker.start()
            print(worker._proc.pid, flush=True)
            await asyncio.sleep(3600)
        asyncio.run(main())
    """)
    app = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None  # (piped)
        worker_pid = int(app.stdout.readline())
        assert alive(worker_pid)
        app.kill()
        app.wait()
        deadline = time.monotonic() + 10
        while alive(worker_pid):
            assert time.monotonic() < deadline, "the worker outlived the app"
            time.sleep(0.05)
    finally:
        app.kill()


async def test_cancelling_a_stream_keeps_the_worker(tmp_path: Path) -> None:
    backend = stand_in(tmp_path)
    try:
        stream = backend.stream_chat(MESSAGES)
        async for event in stream:
            if isinstance(event, ContentChunk):
                break
        await close_stream(stream)
        pid = worker_pid(backend)
        events = await collect(backend)
        assert isinstance(events[-1], Finished) and worker_pid(backend) == pid
    finally:
        await backend.aclose()


async def one_reply_log(tmp_path: Path) -> str:
    """The stand-in worker's log after one reply from a fresh worker (the log accumulates)."""
    backend = stand_in(tmp_path)
    try:
        await collect(backend)
    finally:
        await backend.aclose()
    return (tmp_path / "worker.log").read_text()


async def test_the_worker_gets_its_threads_grammar_path_and_a_sleeping_openmp(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.setenv("SMALLOPS_EMBEDDED_THREADS", "1")
    monkeypatch.setenv("SMALLOPS_EMBEDDED_GRAMMAR", "chain")
    log = await one_reply_log(tmp_path)
    assert "OMP_WAIT_POLICY=PASSIVE" in log and "threads=1 grammar_path=chain" in log
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")  # the person's own setting wins
    monkeypatch.setenv("SMALLOPS_EMBEDDED_GRAMMAR", "nonsense")
    monkeypatch.setenv("SMALLOPS_EMBEDDED_THREADS", "zero")
    last = (await one_reply_log(tmp_path))[len(log):]
    assert "OMP_WAIT_POLICY=ACTIVE" in last and f"threads={os.cpu_count()} grammar_path=first-choice" in last
