"""The stream race (issue 33): one reply of 5,000 tokens, one token per chunk, read by curl, drawn by
smallops and drawn by oterm (the terminal client for Ollama), each in a 120x40 pseudo-terminal.

    python benchmarks/bench_oterm_race.py [--tokens 5000] [--runs 2] [--delay 0] [--json]

The reply is the same tokens for every reader: a write_file action whose content is a Python file,
cut into ~4-character tokens, streamed by a keep-alive fake Ollama (the tests' replay server, in a
process of its own, on 127.0.0.1 port 0) one token per HTTP chunk, each chunk its own write, as
fast as the server writes them (`--delay S` waits S seconds after each; its timer costs about a
millisecond, so any delay makes the stream a millisecond a token or slower). smallops reads Ollama's own /api/chat
(NDJSON); oterm 0.26 speaks to Ollama through its OpenAI-compatible /v1/chat/completions
(server-sent events), so it gets the same tokens as events; curl reads that stream too, the floor.

Measured for each reader: the wall seconds from its chat request reaching the server to the whole
reply on its screen with the process idle again (smallops: the proposal drawn; oterm: the answer's
token counts drawn under it, which it writes when the stream has ended), the CPU of its process
tree over that time (/proc), and its RSS then. Printed: each, and oterm's over smallops's. Asserts
nothing. oterm runs from $OTERM, else `oterm` on PATH, else benchmarks/.oterm/ — a virtual
environment of its own (oterm pins its own Textual), made with `pip install oterm==0.26.1` the
first time.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from multiprocessing.queues import Queue
from pathlib import Path

from _common import HERE, Report, flag, machine_load, replay_server_module  # noqa: E402
from _terminal import COLS, MODEL, ROWS, app_env, app_pid, discovery, needs_proc, poll, rss_mib, smallops_argv, tree_cpu  # noqa: E402

OTERM_VERSION = "0.26.1"
OTERM_VENV = HERE / ".oterm"
PROMPT = "write big.py"
Mark = tuple[str, float, float]  # (the path asked, when it arrived, the reader's CPU seconds then)


# -- the reply, as Ollama and as an OpenAI-compatible server stream it ------------------------------

def tokens(count: int) -> list[str]:
    """About `count` tokens of four characters: a write_file action of a Python file just long enough."""
    lines: list[str] = []
    while len(text := json.dumps({"action": "write_file", "path": "big.py", "content": "".join(lines)})) < 4 * count:
        lines.append(f"def step_{len(lines)}(x):\n    return x + {len(lines)}\n\n\n")
    return [text[i:i + 4] for i in range(0, len(text), 4)]


def ndjson(parts: list[str]) -> bytes:
    def line(content: str, done: bool = False) -> str:
        body: dict[str, object] = {"model": MODEL, "created_at": "2026-01-01T00:00:00Z",
                                   "message": {"role": "assistant", "content": content}, "done": done}
        if done:
            body.update(done_reason="stop", prompt_eval_count=100, eval_count=len(parts), eval_duration=10**9)
        return json.dumps(body) + "\n"

    return ("".join(line(part) for part in parts) + line("", done=True)).encode()


def sse(parts: list[str]) -> bytes:
    def event(delta: dict[str, str], finish: str | None = None, usage: dict[str, int] | None = None) -> str:
        chunk: dict[str, object] = {"id": "race", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
                                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if usage:
            chunk["usage"] = usage
        return "data: " + json.dumps(chunk) + "\n\n"

    usage = {"prompt_tokens": 100, "completion_tokens": len(parts), "total_tokens": 100 + len(parts)}
    return ("".join(event({"role": "assistant", "content": part}) for part in parts)
            + event({}, "stop", usage) + "data: [DONE]\n\n").encode()


def serve(parts: list[str], runs: int, delay: float, port_queue: Queue[int], pid_queue: Queue[int],
          marks: Queue[Mark]) -> None:
    """Discovery, then the reply on both paths; when a chat request arrives, the reader's CPU is
    read (its pid comes through `pid_queue`, one per reader) before anything is answered."""
    module = replay_server_module()
    native, events = ndjson(parts), sse(parts)

    class MarkingServer(module.ReplayServer):  # type: ignore[misc, name-defined]
        async def _respond(self, reply: object, connection: object, writer: object) -> bool:
            body = getattr(reply, "body", None)
            if body is native or body is events:
                arrived = time.perf_counter()
                marks.put(("ollama" if body is native else "openai", arrived, tree_cpu(pid_queue.get(timeout=60))))
            return bool(await super()._respond(reply, connection, writer))

    async def main() -> None:
        routes = {**discovery(module.Reply),
                  "/api/chat": [module.Reply("ollama_plain_answer.ndjson", body=native, split="lines", delay=delay)
                                for _ in range(runs)],
                  "/v1/chat/completions": [module.Reply("ollama_v1_inline_think.sse", body=events, split="events",
                                                        delay=delay) for _ in range(4 * runs)]}
        async with MarkingServer(routes) as server:
            port_queue.put(server.port)
            await asyncio.sleep(24 * 3600)

    asyncio.run(main())


# -- a reader in a pseudo-terminal --------------------------------------------------------------------

class Screen:
    """A program in a 120x40 pty; a thread reads everything it writes at once, as a terminal does."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        import pexpect
        import pyte

        self.child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), dimensions=(ROWS, COLS), encoding=None)
        self.pid = self.child.pid
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.data = bytearray()
        self.fed = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.child.child_fd, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self.data += chunk

    def text(self) -> str:
        with self._lock:
            new, self.fed = bytes(self.data[self.fed:]), len(self.data)
        self.stream.feed(new)
        return "\n".join(self.screen.display)

    def wait_for(self, seen: Callable[[str], bool], what: str, seconds: float = 120) -> str:
        return poll(self.text, seen, what, seconds)

    def send(self, keys: str) -> None:
        self.child.send(keys.encode())

    def click(self, label: str) -> None:
        """A mouse click (SGR) on the first place the screen shows `label`."""
        row = next(n for n, line in enumerate(self.screen.display) if label in line)
        column = self.screen.display[row].index(label) + 1
        self.send(f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m")

    def close(self) -> None:
        self.child.terminate(force=True)


def settled(screen: Screen, drawn: Callable[[str], bool], seconds: float) -> tuple[float, float]:
    """Until the reply is drawn and the reader has stopped spending CPU: (its CPU seconds, when)."""
    screen.wait_for(drawn, "whole reply", seconds)
    last, at = tree_cpu(screen.pid), time.perf_counter()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.25)
        screen.text()  # (read as it comes: a terminal never stops reading)
        now = tree_cpu(screen.pid)
        if now - last < 0.01:  # at most one tick in a quarter second: idle
            return last, at
        last, at = now, time.perf_counter()
    raise RuntimeError("the reader never went idle")


def race(screen: Screen, path: str, drawn: Callable[[str], bool], marks: Queue[Mark]) -> dict[str, float]:
    kind, arrived, cpu_then = marks.get(timeout=300)
    assert kind == path, (kind, path)
    cpu_end, ended = settled(screen, drawn, 1800)
    return {"seconds": ended - arrived, "cpu": cpu_end - cpu_then, "rss": rss_mib(app_pid(screen.pid))}


def smallops(work: Path, port: int, pid_queue: Queue[int], marks: Queue[Mark], run: int) -> dict[str, float]:
    workspace = work / f"ws-{run}"
    workspace.mkdir()
    argv = smallops_argv("run", PROMPT, "--workspace", str(workspace), "--backend", "ollama", "--url",
                         f"http://127.0.0.1:{port}", "--model", MODEL)
    screen = Screen(argv, app_env(work, f"-smallops-{run}"), workspace)
    pid_queue.put(screen.pid)
    try:
        return race(screen, "ollama", lambda s: "write_file" in s and "y approve" in s, marks)
    finally:
        screen.close()


def oterm(binary: Path, work: Path, port: int, pid_queue: Queue[int], marks: Queue[Mark], run: int) -> dict[str, float]:
    data = work / f"oterm-{run}"
    data.mkdir()
    (data / "config.json").write_text(json.dumps({"theme": "textual-dark", "splash-screen": False}))
    env = dict(app_env(work, f"-oterm-{run}"), OLLAMA_URL=f"http://127.0.0.1:{port}", OTERM_DATA_DIR=str(data))
    screen = Screen([str(binary)], env, work)
    try:
        screen.wait_for(lambda s: "Ctrl+N" in s, "welcome")
        screen.send("\x0e")  # ctrl+n: a new chat
        screen.wait_for(lambda s: MODEL in s and "Save" in s, "the new chat's models")
        screen.send("\t")  # to the model's field, which filters the list
        time.sleep(0.5)  # (keys in the same read as the tab went to the field it left)
        screen.send(MODEL)
        screen.wait_for(lambda s: s.count(MODEL) >= 2 and "llama3.2" not in s, "the list filtered")
        screen.send("\t")  # to the list
        time.sleep(0.5)
        screen.send("\r")  # its one model chosen
        screen.wait_for(lambda s: f"Model: {MODEL}" in s, "the model chosen")
        screen.click("Save")
        screen.wait_for(lambda s: f"chat #1 - {MODEL}" in s, "the chat")
        screen.send(PROMPT)
        screen.wait_for(lambda s: PROMPT in s, "the prompt typed")
        pid_queue.put(screen.pid)
        screen.send("\r")
        # (oterm writes the answer's token counts under it, `↑ 100  ↓ 5,001  ctx …`, once the stream has ended)
        return race(screen, "openai", lambda s: re.search(r"↑ [\d.,]+k?\s+↓ [\d.,]+k?", s) is not None, marks)
    finally:
        screen.close()


def curl(port: int, pid_queue: Queue[int], marks: Queue[Mark]) -> dict[str, float]:
    request = json.dumps({"model": MODEL, "stream": True, "messages": [{"role": "user", "content": PROMPT}]})
    argv = ["curl", "-sN", "-o", "/dev/null", "-H", "Content-Type: application/json", "-d", request,
            f"http://127.0.0.1:{port}/v1/chat/completions"]
    process = subprocess.Popen(argv)
    pid_queue.put(process.pid)
    process.wait(600)
    ended = time.perf_counter()
    _, arrived, _ = marks.get(timeout=60)
    return {"seconds": ended - arrived, "cpu": 0.0, "rss": 0.0}


def find_oterm() -> Path:
    for candidate in (os.environ.get("OTERM"), shutil.which("oterm"), str(OTERM_VENV / "bin" / "oterm")):
        if candidate and Path(candidate).exists():
            return Path(candidate)
    print(f"oterm not found: installing oterm=={OTERM_VERSION} into {OTERM_VENV} (a virtual environment of its "
          "own)", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(OTERM_VENV)], check=True)
    subprocess.run([str(OTERM_VENV / "bin" / "pip"), "install", "-q", f"oterm=={OTERM_VERSION}"], check=True)
    return OTERM_VENV / "bin" / "oterm"


def version(binary: Path) -> str:
    done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60)
    return (done.stdout or done.stderr).strip().splitlines()[-1] if (done.stdout or done.stderr) else "?"


def main() -> None:
    count = int(flag("--tokens", 5000))
    runs = int(flag("--runs", 2))
    delay = float(flag("--delay", 0.0))
    binary = find_oterm()
    parts = tokens(count)
    load_before = machine_load()
    port_queue: Queue[int] = multiprocessing.Queue()
    pid_queue: Queue[int] = multiprocessing.Queue()
    marks: Queue[Mark] = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve, args=(parts, runs, delay, port_queue, pid_queue, marks), daemon=True)
    server.start()
    port = port_queue.get(timeout=120)
    work = Path(tempfile.mkdtemp(prefix="smallops-race-"))
    results: dict[str, list[dict[str, float]]] = {"curl": [], "smallops": [], "oterm": []}
    try:
        for run in range(runs):
            if shutil.which("curl"):
                results["curl"].append(curl(port, pid_queue, marks))
            results["smallops"].append(smallops(work, port, pid_queue, marks, run))
            results["oterm"].append(oterm(binary, work, port, pid_queue, marks, run))
    finally:
        server.terminate()
        shutil.rmtree(work, ignore_errors=True)
    pace = f"a chunk every {delay * 1000:g} ms" if delay else "as fast as the server writes"
    report = Report(f"the stream race: {len(parts):,} tokens, one a chunk, {pace} ({runs} runs, medians)")
    median = {name: {key: statistics.median(r[key] for r in rows) for key in ("seconds", "cpu", "rss")}
              for name, rows in results.items() if rows}
    for name, values in median.items():
        report.add(f"{name}: wall seconds, request -> whole reply drawn and idle", values["seconds"], "s")
        if name != "curl":
            report.add(f"{name}: CPU seconds over that time", values["cpu"], "CPU-s")
            report.add(f"{name}: RSS then", values["rss"], "MiB")
    report.add("oterm / smallops, wall", median["oterm"]["seconds"] / median["smallops"]["seconds"], "x")
    report.add("oterm / smallops, CPU", median["oterm"]["cpu"] / max(median["smallops"]["cpu"], 0.01), "x")
    if "curl" in median:
        report.add("smallops / curl, wall", median["smallops"]["seconds"] / median["curl"]["seconds"], "x")
    report.note(f"oterm: {binary} ({version(binary)}); each run (s): " + "; ".join(
        f"{name} " + ", ".join(f"{r['seconds']:.2f}" for r in rows) for name, rows in results.items() if rows))
    report.note(f"before: {load_before}; after: {machine_load()}")
    report.print()


if __name__ == "__main__":
    needs_proc()
    main()
