"""The installed `smallops acp` on raw pipes, for what no well-behaved client sends: bytes written
as they are, and every line it answers read back as JSON (a line that is not JSON fails the test:
stdout must carry nothing but the protocol). Waits take a deadline, never a sleep."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Message = dict[str, Any]


class RawAgent:
    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, stderr: Path) -> None:
        self._stderr = stderr.open("wb")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env,
                                     cwd=cwd)
        self.stderr_path = stderr
        self._lines: queue.Queue[Message | str | None] = queue.Queue()
        self.seen: list[Message] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next_id = 1000

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                self._lines.put(json.loads(line))
            except ValueError:
                self._lines.put(f"not JSON on stdout: {line[:200]!r}")
        self._lines.put(None)

    def send(self, data: bytes | Message) -> None:
        raw = data if isinstance(data, bytes) else (json.dumps(data) + "\n").encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def request(self, method: str, params: Any = None) -> int:
        self._next_id += 1
        message: Message = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self._next_id

    def wait_for(self, check: Callable[[Message], bool], what: str, seconds: float = 60.0) -> Message:
        """The first message (seen before, or arriving within `seconds`) that passes `check`."""
        for message in self.seen:
            if check(message):
                self.seen.remove(message)
                return message
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {what} within {seconds} s; stderr:\n{self.stderr_path.read_text()[-3000:]}")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"stdout ended before {what}; stderr:\n{self.stderr_path.read_text()[-3000:]}")
            assert not isinstance(line, str), line  # stdout carries nothing but the protocol
            if check(line):
                return line
            self.seen.append(line)

    def response(self, request_id: int | str | None, what: str = "", seconds: float = 60.0) -> Message:
        return self.wait_for(lambda m: "method" not in m and m.get("id") == request_id,
                             what or f"the response to request {request_id}", seconds)

    def error(self, request_id: int | str | None, what: str = "") -> dict[str, Any]:
        reply = self.response(request_id, what)
        assert "error" in reply, reply
        return reply["error"]

    def call(self, method: str, params: Any = None) -> Any:
        reply = self.response(self.request(method, params), f"the answer to {method}")
        assert "result" in reply, reply
        return reply["result"]

    def still_serving(self) -> None:
        """It answers `initialize` as if nothing had happened."""
        result = self.call("initialize", {"protocolVersion": 1})
        assert result["protocolVersion"] == 1

    def close_input(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def exit_code(self, seconds: float = 30.0) -> int:
        return self.proc.wait(seconds)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self._stderr.close()
