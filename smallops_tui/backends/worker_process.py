"""A child process that speaks JSON lines, seen from the app: start, send, receive, notice death.

Its stdout is read on a thread, not by the event loop, so the same child serves whichever loop
asks (discovery and the app run on different loops) and its death is noticed even while no one
is waiting. Its stderr goes to a log file, never to the terminal the TUI draws on; it runs in a
session of its own, so terminal signals do not reach it; it ends when its stdin closes.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import threading
from pathlib import Path
from typing import IO, Any

LOG_LIMIT = 2 * 1024 * 1024  # the log is started afresh beyond this size
STOP_SECONDS = 3.0


def describe_exit(code: int) -> str:
    """`signal 11, SIGSEGV` or `exit code 1`."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "unknown signal"
        return f"signal {-code}, {name}"
    return f"exit code {code}"


class WorkerProcess:
    def __init__(self, argv: list[str], log_path: Path, env: dict[str, str] | None = None,
                 pass_fds: tuple[int, ...] = ()) -> None:
        self.argv = argv
        self.log_path = log_path
        self.env = env
        self.pass_fds = pass_fds  # descriptors the child keeps (the model file it was checked through)
        self._proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        self._inbox: tuple[asyncio.AbstractEventLoop, asyncio.Queue[dict[str, Any]]] | None = None
        self.exit_code: int | None = None

    @property
    def alive(self) -> bool:
        return self._proc is not None and self.exit_code is None

    def start(self) -> None:
        """Start the child (from the loop's thread: a parent-death signal follows the thread)."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        mode = "w" if self.log_path.exists() and self.log_path.stat().st_size > LOG_LIMIT else "a"
        with open(self.log_path, mode, encoding="utf-8") as log:
            log.write(f"--- {' '.join(self.argv)}\n")
            log.flush()
            env = {**os.environ, **(self.env or {}), "SMALLOPS_PARENT_PID": str(os.getpid()),
                   "PYTHONUNBUFFERED": "1"}
            self._proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                                          text=True, encoding="utf-8", errors="replace", bufsize=1,
                                          start_new_session=True, env=env, close_fds=True, pass_fds=self.pass_fds,
                                          cwd=self.log_path.parent)  # not the workspace: nothing of it is ours
        self.exit_code = None
        threading.Thread(target=self._read, args=(self._proc,), name="worker-reader", daemon=True).start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        stdout: IO[str] | None = proc.stdout
        assert stdout is not None
        for line in stdout:
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(message, dict):
                self._deliver(message)
        code = proc.wait()
        with self._lock:
            if proc is self._proc:
                self.exit_code = code
        self._deliver({"event": "exit", "code": code})

    def _deliver(self, message: dict[str, Any]) -> None:
        with self._lock:
            inbox = self._inbox
        if inbox is None:
            return
        loop, queue = inbox
        try:
            loop.call_soon_threadsafe(queue.put_nowait, message)
        except RuntimeError:
            pass  # that loop is closed: nobody is listening any more

    def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        """A queue of this child's messages for the running loop (one listener at a time)."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        with self._lock:
            self._inbox = (asyncio.get_running_loop(), queue)
            if self.exit_code is not None:  # it died while nobody listened
                queue.put_nowait({"event": "exit", "code": self.exit_code})
        return queue

    def unsubscribe(self) -> None:
        with self._lock:
            self._inbox = None

    def send(self, message: dict[str, Any]) -> bool:
        """False when the child can no longer be written to (it has died)."""
        proc = self._proc
        if proc is None or proc.stdin is None or self.exit_code is not None:
            return False
        try:
            proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def stop(self) -> None:
        """Close its stdin (it exits by itself), then make sure it is gone."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
