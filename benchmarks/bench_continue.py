"""Taking a long logged session up again (`run --continue`, ACP's session/load): on the 100,000-event
log of bench_replay.py, the time to read it and stand where it stops (the conversation, the guards'
memory, the files' last record), and the time to turn its history into the updates a loading ACP
client is sent (and how many there are).

    python benchmarks/bench_continue.py [--json]   # prints numbers; asserts nothing
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from _common import Report  # noqa: E402  (puts the measured tree on sys.path)
from bench_replay import STEPS, make_log  # noqa: E402

from smallops_tui.acp.history import replay_history  # noqa: E402
from smallops_tui.continuing import take_up  # noqa: E402


def taking_up(path: Path) -> tuple[float, int]:
    started = time.perf_counter()
    taken = take_up(path)
    return time.perf_counter() - started, len(taken.continuation.messages)


async def history(path: Path) -> tuple[float, int]:
    taken = take_up(path)
    sent: list[object] = []

    async def send(update: object) -> None:
        sent.append(update)

    started = time.perf_counter()
    await replay_history(taken.replay, send, str(path.parent))
    return time.perf_counter() - started, len(sent)


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    path = folder / "big.jsonl"
    events = make_log(path)
    (folder / "ws").mkdir()
    # The log's workspace must exist to be taken up: point the header at one.
    text = path.read_text()
    path.write_text(text.replace('"workspace":""', f'"workspace":"{folder / "ws"}"', 1))
    taken = [taking_up(path) for _ in range(3)]
    sent = [asyncio.run(history(path)) for _ in range(3)]
    report = Report(f"smallops continue benchmark — {events:,} events, {STEPS} steps, "
                    f"{path.stat().st_size / 1e6:.1f} MB, median of 3")
    report.add("read the log and stand where it stops", statistics.median(t for t, _ in taken) * 1000, "ms")
    report.add("its history as ACP updates (session/load)", statistics.median(t for t, _ in sent) * 1000, "ms")
    report.note(f"the conversation rebuilt: {taken[0][1]} messages; the history sent: {sent[0][1]:,} updates "
                "(streamed text joined a run at a time)")
    report.print()


if __name__ == "__main__":
    main()
