"""A long session through the installed `smallops` in tmux: memory, key latency and the cost of a
step as the session grows to 2,000 auto-approved steps.

    python benchmarks/bench_long_session.py [--steps 2000] [--presses 15] [--cap 500] [--json]

The session: `smallops run --approval auto-low --step-cap 500` in a 120x40 tmux pane (a private
server), against a keep-alive fake Ollama (the tests' replay server, in a process of its own, on
127.0.0.1 port 0) whose model reads a different small file at every step, so each step is a LOW
read the app approves by itself. A task may take at most 500 steps (the settings' bound), so the
session goes on as a person's afternoon does: when a task reaches its cap, `c` and a next task
(the same session, log and conversation; `--cap N` makes tasks shorter). At step 2, at step 400 and after the last read the
model proposes a MEDIUM write, which waits for the person: there `d` (unified / side-by-side diff)
is pressed `--presses` times and the time from each key to the app's next output is read through
tmux's control mode (`%output`, no polling), then `y` approves. The model's window is 4,096 tokens
(the recorded /api/show) and the server says it read 100 prompt tokens, so once the conversation
outgrows the window (step ~80) every request is cut: the context alarm is on from there.

Printed:
- the app's RSS (the process the terminal guard forks, /proc/PID/status) when the model is asked
  for step 10, 100, 400, 1,000 and 2,000, and the growth from step 10;
- key -> frame (median and 90th percentile of `d`) at step 2, step 400 and the last write, and the
  ratio of step 400 to step 2;
- the curve of a step's cost: the CPU of the app's process tree (/proc/PID/stat, read when each
  request arrives) averaged over windows from step 10 to step 2,000 (steps where a write waited
  or a task began are left out: the person's keys are in them), and the last window over the first;
- whether the waiting proposal's risk badge (MEDIUM) is readable on the pane at each write.

Done when (issue 33): key -> frame at step 400 <= 1.5x step 2 (goal 1.2x), RSS growth <= 60 MiB
over 400 reads. Asserts nothing. `SMALLOPS_BENCH_TREE=/path/to/checkout` measures that tree's code
(`python -m smallops_tui` with it first on PYTHONPATH) instead of the installed command.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import queue
import shlex
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.queues import Queue
from pathlib import Path

from _common import Report, flag, machine_load, replay_server_module  # noqa: E402
from _terminal import (  # noqa: E402
    COLS, MODEL, ROWS, app_env, app_pid, discovery, needs_proc, poll, rss_mib, smallops_argv, tree_cpu,
)

STEP_CAP = 500  # the most steps a task may take (config.py): a longer session goes on with next tasks
RSS_AT = (10, 100, 400, 1000, 2000)
WRITES_AT = (2, 400)  # the steps whose proposal waits for the person (and the step after the last read)
WINDOWS = ((10, 100), (100, 200), (200, 400), (400, 600), (600, 1000), (1000, 1500), (1500, 2000))
OLD = "def f(x):\n    return x - 1\n"
NEW = "def f(x):\n    return x + 1\n"
ENDED = "c: next task"  # the approval bar once a task has ended (here: at its step cap)
Mark = tuple[int, float, float]  # (the request's number, the app's CPU seconds then, its RSS in MiB then)


# -- the model: reads, and a write where the person is measured -----------------------------------

def chat_line(answer: str, done: bool = False, thinking: str = "") -> str:
    message = {"role": "assistant", "content": answer, **({"thinking": thinking} if thinking else {})}
    line: dict[str, object] = {"model": MODEL, "created_at": "2026-01-01T00:00:00Z", "message": message, "done": done}
    if done:
        line.update(done_reason="stop", prompt_eval_count=100, eval_count=20, eval_duration=250_000_000)
    return json.dumps(line) + "\n"


def reply_body(action: dict[str, str], thinking: str) -> bytes:
    """A turn as Ollama streams it: a short reasoning, then the action, a few chunks each."""
    text = json.dumps(action)
    lines = [chat_line("", thinking=thinking), *(chat_line(text[i:i + 16]) for i in range(0, len(text), 16)),
             chat_line("", done=True)]
    return "".join(lines).encode()


def writes(steps: int) -> tuple[int, ...]:
    return (*(step for step in WRITES_AT if step <= steps), steps + 1)


def script(steps: int) -> list[bytes]:
    """Step k reads note k, except: a write's step writes, and the step before it reads the file
    it writes (a write of a file not read first is answered with the file: the readfirst lever)."""
    bodies = []
    for step in range(1, steps + 2):
        if step in writes(steps):
            bodies.append(reply_body({"action": "write_file", "path": f"w{step}.py", "content": NEW},
                                     "The bug is the minus sign: it should add one."))
        elif step + 1 in writes(steps):
            bodies.append(reply_body({"action": "read_file", "path": f"w{step + 1}.py"},
                                     "I read the file before I change it."))
        else:
            bodies.append(reply_body({"action": "read_file", "path": f"notes/n{step:04d}.txt"},
                                     "I read the next note to see what it says."))
    return bodies


def make_workspace(root: Path, steps: int) -> None:
    (root / "notes").mkdir(parents=True)
    for step in range(1, steps + 2):
        if step in writes(steps):
            (root / f"w{step}.py").write_text(OLD)
        else:
            (root / "notes" / f"n{step:04d}.txt").write_text(f"note {step}\nnothing to change here\n")


# -- the server, in a process of its own --------------------------------------------------------------

def serve(steps: int, port_queue: Queue[int], pid_queue: Queue[int], marks: Queue[Mark]) -> None:
    """Discovery as Ollama answers it, then the script; when chat request k arrives (the app
    asks for step k), the app's CPU and RSS are read before anything is answered."""
    module = replay_server_module()
    state = {"pid": 0, "chats": 0}

    class MarkingServer(module.ReplayServer):  # type: ignore[misc, name-defined]
        async def _respond(self, reply: object, connection: object, writer: object) -> bool:
            if getattr(reply, "fixture", "") == "ollama_plain_answer.ndjson":
                if not state["pid"]:
                    state["pid"] = pid_queue.get(timeout=60)
                state["chats"] += 1
                marks.put((state["chats"], tree_cpu(state["pid"]), rss_mib(app_pid(state["pid"]))))
            return bool(await super()._respond(reply, connection, writer))

    async def main() -> None:
        chats = [module.Reply("ollama_plain_answer.ndjson", body=body, split="lines") for body in script(steps)]
        async with MarkingServer({**discovery(module.Reply), "/api/chat": chats}) as server:
            port_queue.put(server.port)
            await asyncio.sleep(24 * 3600)

    asyncio.run(main())


# -- the terminal: tmux, read through its control mode ------------------------------------------------

class Pane:
    """The app in a tmux pane on a private server; keys go in and output is timed through a
    control-mode client (`tmux -C`), which prints `%output` as soon as the app writes."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        if shutil.which("tmux") is None:
            raise SystemExit("this benchmark needs tmux")
        self.socket = f"smallops-long-{os.getpid()}"
        self.env = env
        command = " ".join(shlex.quote(part) for part in argv)
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", str(COLS), "-y", str(ROWS), "-c", str(cwd),
                  f"exec {command}")
        self.pid = int(self.tmux("list-panes", "-F", "#{pane_pid}").split()[0])
        self.control = subprocess.Popen(["tmux", "-L", self.socket, "-C", "attach", "-r"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=env, bufsize=0)
        self.outputs: list[float] = []  # perf_counter of each %output line
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], env=self.env, capture_output=True, text=True,
                              check=False).stdout

    def _read(self) -> None:
        assert self.control.stdout is not None
        for line in self.control.stdout:
            if line.startswith(b"%output"):
                with self._lock:
                    self.outputs.append(time.perf_counter())

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "%0", *keys)

    def quiet(self, seconds: float = 0.3, limit: float = 10.0) -> None:
        """Until the app has written nothing for `seconds`."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            with self._lock:
                last = self.outputs[-1] if self.outputs else 0.0
            if time.perf_counter() - last >= seconds:
                return
            time.sleep(0.05)

    def key_to_frame(self, key: str) -> float:
        """Seconds from sending `key` to the app's first output after it."""
        self.quiet()
        with self._lock:
            seen = len(self.outputs)
        sent = time.perf_counter()
        self.keys(key)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with self._lock:
                if len(self.outputs) > seen:
                    return self.outputs[seen] - sent
            time.sleep(0.0005)
        raise RuntimeError(f"no frame after {key!r}")

    def close(self) -> None:
        self.control.terminate()
        self.tmux("kill-server")


# -- the person: at each write, and at each task's end ------------------------------------------------

@dataclass
class Write:
    times: list[float]
    badge: bool  # the MEDIUM badge was on the pane while the write waited
    screen: str


@dataclass
class Session:
    cap: int  # the steps a task may take
    writes: dict[int, Write] = field(default_factory=dict)
    tasks: int = 1
    task_starts: list[int] = field(default_factory=list)  # the steps a next task began at


def at_the_write(pane: Pane, presses: int) -> Write:
    """The write waiting now: `d` pressed and timed, the badge read, then `y`."""
    pane.quiet(1.0)
    times = [pane.key_to_frame("d") for _ in range(presses)]
    shown = pane.screen()
    pane.keys("y")
    return Write(times, " MEDIUM " in shown, shown)


def next_task(pane: Pane, session: Session) -> None:
    """The task reached its cap: `c`, a next task typed (then a look, then enter, as a person does).
    Each task starts where the last ended and may take `cap` steps, so task k ends at step k x cap."""
    session.task_starts.append(session.tasks * session.cap + 1)
    session.tasks += 1
    pane.keys("c")
    wait_for(pane, lambda shown: "What should the model do next?" in shown, 60)
    task = f"go on reading the notes, part {session.tasks}"
    pane.keys("-l", task)
    wait_for(pane, lambda shown: task in shown, 60)
    pane.keys("Enter")
    wait_for(pane, lambda shown: "What should the model do next?" not in shown and ENDED not in shown, 60)


def wait_for(pane: Pane, seen: Callable[[str], bool], seconds: float) -> str:
    return poll(pane.screen, seen, "such screen", seconds, every=0.2)  # (each look is a tmux capture-pane)


def drive(pane: Pane, steps: int, presses: int, cap: int) -> Session:
    """Until every write has been measured: each write when it waits, each task's end when it comes."""
    session = Session(cap)
    for step in writes(steps):
        while True:
            shown = wait_for(pane, lambda s, step=step: f"step {step} · write_file" in s or ENDED in s, 3600)
            if f"step {step} · write_file" in shown:
                session.writes[step] = at_the_write(pane, presses)
                break
            next_task(pane, session)
    return session


def run(steps: int, presses: int, cap: int) -> tuple[Session, list[Mark], float, float]:
    work = Path(tempfile.mkdtemp(prefix="smallops-long-"))
    workspace = work / "ws"
    make_workspace(workspace, steps)
    port_queue: Queue[int] = multiprocessing.Queue()
    pid_queue: Queue[int] = multiprocessing.Queue()
    marks: Queue[Mark] = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve, args=(steps, port_queue, pid_queue, marks), daemon=True)
    server.start()
    port = port_queue.get(timeout=120)
    argv = smallops_argv("run", "read every note", "--workspace", str(workspace), "--backend", "ollama", "--url",
                         f"http://127.0.0.1:{port}", "--model", MODEL, "--approval", "auto-low",
                         "--step-cap", str(cap))
    pane = Pane(argv, app_env(work), workspace)
    pid_queue.put(pane.pid)
    started = time.perf_counter()
    rows: list[Mark] = []
    try:
        session = drive(pane, steps, presses, cap)
        end_rss = rss_mib(app_pid(pane.pid))
        # Every request's mark, read before the server goes (a queue's last items die with its process).
        while len(rows) < steps + 1:
            try:
                rows.append(marks.get(timeout=10))
            except queue.Empty:
                break
    finally:
        pane.close()
        server.terminate()
    seconds = time.perf_counter() - started
    shutil.rmtree(work, ignore_errors=True)
    return session, sorted(rows), end_rss, seconds


def per_step_ms(marks: list[Mark], first: int, last: int, skip: set[int]) -> float | None:
    """Mean CPU milliseconds of steps `first` to `last` (request k arrives when step k starts)."""
    cpu = {k: c for k, c, _ in marks}
    steps = [cpu[k + 1] - cpu[k] for k in range(first, last)
             if k in cpu and k + 1 in cpu and not {k, k + 1} & skip]
    return statistics.mean(steps) * 1000 if steps else None


def main() -> None:
    steps = int(flag("--steps", 2000))
    presses = int(flag("--presses", 15))
    cap = int(flag("--cap", STEP_CAP))
    load_before = machine_load()
    session, marks, end_rss, seconds = run(steps, presses, cap)
    rss = {k: r for k, _, r in marks}
    report = Report(f"smallops: a session of {steps:,} auto-approved reads in a {COLS}x{ROWS} tmux pane "
                    f"({session.tasks} tasks of at most {cap} steps)")
    for step in RSS_AT:
        if step in rss:
            report.add(f"app RSS when step {step:,} starts", rss[step], "MiB")
    for step in (400, 1000, steps):
        if 10 in rss and step in rss:
            report.add(f"RSS growth, step 10 -> {step:,}", rss[step] - rss[10], "MiB", 60.0 if step == 400 else None)
    for step, write in session.writes.items():
        report.add(f"key -> frame at step {step:,} (d, median of {len(write.times)})",
                   statistics.median(write.times) * 1000, "ms")
        report.add(f"key -> frame at step {step:,} (d, 90th percentile)",
                   statistics.quantiles(write.times, n=10)[-1] * 1000 if len(write.times) > 1 else write.times[0] * 1000,
                   "ms")
    frames = {step: statistics.median(write.times) for step, write in session.writes.items()}
    if 2 in frames and 400 in frames:
        report.add("key -> frame, step 400 / step 2 (median)", frames[400] / frames[2], "x", 1.5)
    skip = {w + d for w in session.writes for d in (0, 1)} | {s + d for s in session.task_starts for d in (-1, 0, 1)}
    curve = [(first, last, per_step_ms(marks, first, last, skip)) for first, last in WINDOWS if last <= steps]
    for first, last, ms in curve:
        if ms is not None:
            report.add(f"CPU per auto-approved step, steps {first:,}-{last:,}", ms, "ms")
    measured = [ms for _, _, ms in curve if ms is not None]
    if len(measured) > 1:
        report.add("CPU per step, last window / first window", measured[-1] / measured[0], "x", 1.2)
    for step, write in session.writes.items():
        report.add(f"the MEDIUM badge readable at the write of step {step:,}", float(write.badge), "yes=1", 1.0,
                   higher_is_better=True)
    report.note(f"{len(marks)} requests; {seconds:.0f} s in all; app RSS at the last write {end_rss:.0f} MiB; "
                f"next tasks began at steps {', '.join(map(str, session.task_starts)) or '(none)'}")
    report.note("app RSS every 100 steps (MiB): " + ", ".join(f"{k}: {rss[k]:.0f}" for k in sorted(rss) if k % 100 == 0))
    report.note(f"before: {load_before}; after: {machine_load()}")
    last = session.writes[max(session.writes)]
    report.note(f"the screen at the last write:\n{last.screen}")
    report.print()


if __name__ == "__main__":
    needs_proc()
    main()
