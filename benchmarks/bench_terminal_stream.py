"""Streaming through a real terminal: the installed `smallops` in a pseudo-terminal, drawing a
20,000-token reply that arrives one token per chunk.

    python benchmarks/bench_terminal_stream.py [--runs N] [--tokens N] [--delay S] [--terminal pty|tmux] [--json]

bench_stream.py measures the app headless (Textual's test driver draws nothing to a terminal).
A person's terminal is not headless: every frame is turned into escape sequences and written to
the pty. This benchmark starts the console script exactly as a person does (`smallops run ...
--backend ollama --url ...`), in a pty of 120x40 whose output is read as fast as it comes, as a
terminal emulator reads it. The server is a local keep-alive server on 127.0.0.1 port 0 (the
tests' replay server, in a process of its own) sending the same body as bench_stream.py: one
token per line, one line per HTTP chunk, half reasoning and half a write_file answer.

Measured: the CPU seconds of the app's process (user + system, all its threads, from
/proc/PID/stat) from the moment its chat request reaches the server to the moment the proposal
is drawn and the process is idle again. The same run of this script then measures the headless
app (bench_stream.py's `through_the_app`) on the same body, and prints the ratio.

Checked after each run, outside the measured time: the session log holds every token (no token
lost), and the screen (the pty's bytes rendered by pyte) shows the proposal. Target (issue 22):
<= 1.5 CPU-s for 20k tokens. Asserts nothing; prints numbers, the load average before and after.

Also printed: the app's CPU from its start (imports, discovery, mounting: about a CPU-second more,
which a measurement of the whole process counts). `--terminal tmux` runs the app in a tmux pane
on a private server instead of the pty (as the earlier measurement did); `--delay 0.001` paces
the chunks one a millisecond, as a model generating in real time sends them (every chunk then
arrives, and is drawn, on its own: see bench_stream.py's paced rows).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _common import Report, machine_load, replay_server_module  # noqa: E402
from _terminal import COLS, MODEL, ROWS, discovery, tree_cpu  # noqa: E402
from bench_stream import through_the_app, token_body  # noqa: E402

from smallops_tui.agent import Workspace  # noqa: E402

TARGET_CPU_20K = 1.5


def serve(body: bytes, runs: int, port_queue: Any, pid_queue: Any, marks: Any, delay: float) -> None:
    """Discovery as Ollama answers it, then `runs` chat replies of `body`; when a chat request
    arrives, the app's CPU time is read before the first byte of the answer is sent."""
    server_module = replay_server_module()
    ReplayServer, Reply = server_module.ReplayServer, server_module.Reply  # noqa: N806

    class MarkingServer(ReplayServer):
        async def _respond(self, reply: Any, connection: Any, writer: Any) -> bool:
            if reply.body is body:
                marks.put(("start", tree_cpu(pid_queue.get(timeout=60)), time.perf_counter()))
            return await super()._respond(reply, connection, writer)

    async def main() -> None:
        routes = {**discovery(Reply), "/api/chat": [Reply("ollama_plain_answer.ndjson", body=body, split="lines",
                                                          delay=delay) for _ in range(runs)]}
        async with MarkingServer(routes) as server:
            port_queue.put(server.port)
            await asyncio.sleep(3600)

    asyncio.run(main())


def smallops_bin() -> Path:
    found = Path(sys.executable).parent / "smallops"
    if not found.exists():
        raise SystemExit(f"no installed smallops beside {sys.executable}: pip install -e '.[test]' first")
    return found


class Drain(threading.Thread):
    """Reads the pty as a terminal emulator does: everything, as soon as it is written."""

    def __init__(self, fd: int) -> None:
        super().__init__(daemon=True)
        self.fd = fd
        self.data = bytearray()

    def run(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            self.data += chunk


def logged_tokens(log: Path) -> tuple[int, bool]:
    """(thinking and content deltas in the session log, whether a proposal was logged)."""
    tokens, proposed = 0, False
    for line in log.read_text().splitlines():
        kind = json.loads(line).get("type")
        tokens += kind in ("thinking_delta", "content_delta")
        proposed = proposed or kind == "action_proposed"
    return tokens, proposed


def settled(pid: int, log_dir: Path, deadline: float) -> tuple[float, float]:
    """Wait until the proposal is in the session log and the app has stopped spending CPU (its last
    frame drawn): (CPU seconds, perf_counter) at that moment."""
    while time.perf_counter() < deadline:
        logs = sorted(log_dir.glob("*.jsonl"))
        if logs and '"action_proposed"' in logs[-1].read_text():
            break
        time.sleep(0.05)
    else:
        raise RuntimeError("no proposal was logged")
    last, at = tree_cpu(pid), time.perf_counter()
    while time.perf_counter() < deadline:
        time.sleep(0.25)
        now = tree_cpu(pid)
        if now - last < 0.01:  # at most one tick in a quarter second: idle
            return last, at
        last, at = now, time.perf_counter()
    raise RuntimeError("the app never went idle")


class Pty:
    """The app in a pseudo-terminal of its own, read by a thread as fast as it writes."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        import pexpect

        self.child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), dimensions=(ROWS, COLS), encoding=None)
        self.pid = self.child.pid
        self.drain = Drain(self.child.child_fd)
        self.drain.start()

    def finish(self) -> tuple[str, int]:
        """End the app; (the screen as a terminal shows it, bytes the app wrote)."""
        import pyte

        self.child.terminate(force=True)
        self.drain.join(5)
        screen = pyte.Screen(COLS, ROWS)
        pyte.ByteStream(screen).feed(bytes(self.drain.data))
        return "\n".join(screen.display), len(self.drain.data)


class Tmux:
    """The app in a tmux pane (a private server), as the earlier measurement ran it."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        if shutil.which("tmux") is None:
            raise SystemExit("--terminal tmux needs tmux")
        self.socket = f"smallops-bench-{os.getpid()}"
        command = " ".join(shlex.quote(part) for part in argv)
        subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", "new-session", "-d", "-x", str(COLS),
                        "-y", str(ROWS), "-c", str(cwd), f"exec {command}"], env=env, check=True)
        panes = subprocess.run(["tmux", "-L", self.socket, "list-panes", "-F", "#{pane_pid}"], env=env,
                               capture_output=True, text=True, check=True)
        self.pid = int(panes.stdout.split()[0])
        self.env = env

    def finish(self) -> tuple[str, int]:
        screen = subprocess.run(["tmux", "-L", self.socket, "capture-pane", "-p"], env=self.env,
                                capture_output=True, text=True).stdout
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], env=self.env, capture_output=True)
        return screen, 0  # tmux does not say how many bytes the app wrote


def through_a_terminal(body: bytes, run: int, workdir: Path, port: int, pid_queue: Any, marks: Any,
                       terminal: type[Pty] | type[Tmux]) -> dict[str, float]:
    home, data = workdir / f"home-{run}", workdir / f"data-{run}"
    home.mkdir()
    workspace = workdir / "ws"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "COLUMNS": str(COLS), "LINES": str(ROWS), "SMALLOPS_DATA_DIR": str(data),
           "SMALLOPS_CONFIG_DIR": str(workdir / f"config-{run}")}
    argv = [str(smallops_bin()), "run", "bench", "--workspace", str(workspace), "--backend", "ollama",
            "--url", f"http://127.0.0.1:{port}", "--model", MODEL]
    app = terminal(argv, env, workspace)
    pid_queue.put(app.pid)
    try:
        _, cpu_start, started = marks.get(timeout=300)
        cpu_end, ended = settled(app.pid, data / "sessions", time.perf_counter() + 600)
    finally:
        shown, written = app.finish()
    logged, proposed = logged_tokens(sorted((data / "sessions").glob("*.jsonl"))[-1])
    return {"cpu": cpu_end - cpu_start, "cpu_total": cpu_end, "seconds": ended - started, "logged": logged,
            "proposal_shown": float(proposed and "write_file" in shown and "approve" in shown),
            "bytes": float(written)}


async def headless(body: bytes, runs: int, workdir: Path, delay: float) -> list[dict[str, float]]:
    from bench_stream import serve as serve_plain

    queue: Any = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve_plain, args=([body] * runs, queue, delay), daemon=True)
    server.start()
    url = f"http://127.0.0.1:{queue.get(timeout=60)}"
    (workdir / "hws").mkdir()
    try:
        return [await through_the_app(url, Workspace(workdir / "hws"), workdir / f"headless-{n}.jsonl")
                for n in range(runs)]
    finally:
        server.terminate()


def cpu_list(results: list[dict[str, float]]) -> str:
    return ", ".join(f"{r['cpu']:.2f}" for r in results)


def main(runs: int, tokens: int, delay: float, terminal: type[Pty] | type[Tmux]) -> None:
    body = token_body(tokens)
    workdir = Path(tempfile.mkdtemp(prefix="smallops-tty-bench-"))
    (workdir / "ws").mkdir()
    port_queue, pid_queue, marks = multiprocessing.Queue(), multiprocessing.Queue(), multiprocessing.Queue()
    server = multiprocessing.Process(target=serve, args=(body, runs, port_queue, pid_queue, marks, delay),
                                     daemon=True)
    server.start()
    port = port_queue.get(timeout=60)
    load_before = machine_load()
    try:
        tty = [through_a_terminal(body, n, workdir, port, pid_queue, marks, terminal) for n in range(runs)]
    finally:
        server.terminate()
    load_after = machine_load()
    plain = asyncio.run(headless(body, runs, workdir, delay))
    shutil.rmtree(workdir, ignore_errors=True)
    label = f"{tokens // 1000}k"
    cpu_tty = statistics.median(r["cpu"] for r in tty)
    cpu_headless = statistics.median(r["cpu"] for r in plain)
    where = "tmux pane" if terminal is Tmux else "pty"
    report = Report(f"smallops streaming through a {where} — one token per chunk, median of {runs} runs, log on")
    sent = body.count(b"\n") - 1  # one token a line, and the final line
    report.add(f"{label} reply: tokens in the session log (of {sent:,} sent)", min(r["logged"] for r in tty), "tokens")
    report.add("runs whose screen showed the proposal", sum(r["proposal_shown"] for r in tty), "runs")
    report.add(f"{label} reply: bytes written to the terminal", statistics.median(r["bytes"] for r in tty), "bytes")
    report.add(f"{label} reply: seconds through the {where}", statistics.median(r["seconds"] for r in tty), "s")
    report.add(f"{label} reply: app CPU seconds through the {where}", cpu_tty, "cpu-s", TARGET_CPU_20K * tokens / 20_000)
    report.add(f"{label} reply: app CPU seconds from its start (imports, mount)",
               statistics.median(r["cpu_total"] for r in tty), "cpu-s")
    report.add(f"{label} reply: app CPU seconds headless", cpu_headless, "cpu-s")
    report.add(f"{where} / headless", cpu_tty / cpu_headless, "x")
    report.note(f"{where} runs, CPU-s: {cpu_list(tty)}; headless: {cpu_list(plain)}")
    report.note(f"during the {where} runs: before, {load_before}; after, {load_after}")
    report.print()


if __name__ == "__main__":
    if not Path("/proc/self/stat").exists():
        raise SystemExit("this benchmark reads a process's CPU time from /proc (Linux)")
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    tokens = int(sys.argv[sys.argv.index("--tokens") + 1]) if "--tokens" in sys.argv else 20_000
    delay = float(sys.argv[sys.argv.index("--delay") + 1]) if "--delay" in sys.argv else 0.0
    terminal = Tmux if "--terminal" in sys.argv and sys.argv[sys.argv.index("--terminal") + 1] == "tmux" else Pty
    main(runs, tokens, delay, terminal)
