"""Draw docs/screen.svg, the README's picture of the screen, from a fixture session.

    python docs/make_screenshot.py [--out docs/screen.svg] [--size 110x30]

The live app runs headless against the test suite's Ollama stand-in (tests/replay_server.py, a real
HTTP server on 127.0.0.1), which sends the replies that `fixtures/sessions/fix-add-clean.jsonl`
recorded; the workspace is that log's own start, rebuilt from it. Step 1 (a read) is approved, and
the picture is taken while step 2's write waits for the person: the conversation, the MEDIUM
proposal with its rule, the keys that decide, the diff, the status bar and the footer.

What would make the picture depend on the machine is fixed: the workspace's path, the sandbox
(Landlock ABI 7 with namespaces, as the snapshot tests pin it), no log file. Run it again after a
change to the screen, and look at the picture before committing it.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's tests/ package (the Ollama stand-in)

from smallops_tui.agent import Workspace  # noqa: E402
from smallops_tui.agent.history.fork import rebuild_workspace  # noqa: E402
from smallops_tui.agent.history.replay import Replay  # noqa: E402
from smallops_tui.agent.log.events import ReplyFinished  # noqa: E402
from smallops_tui.agent.sandbox.confine import Sandbox  # noqa: E402
from smallops_tui.agent.session import loop as session_loop  # noqa: E402
from smallops_tui.agent.session.config import SessionConfig  # noqa: E402
from smallops_tui.backends import OllamaBackend  # noqa: E402
from smallops_tui.ui.app import LiveStart, SmallopsApp  # noqa: E402
from tests.replay_server import ThreadedReplayServer  # noqa: E402
from tests.streams import turn  # noqa: E402

FIXTURE = ROOT / "fixtures" / "sessions" / "fix-add-clean.jsonl"
WORKSPACE = Path("/tmp/smallops-screenshot/demo")  # its path is in the picture
OUT = ROOT / "docs" / "screen.svg"
PATIENCE = 2_000  # frames to wait for a state before giving up (a count, not a clock)


async def _until(pilot, ready: Callable[[], bool], what: str) -> None:
    for _ in range(PATIENCE):
        if ready():
            return
        await pilot.pause(0.01)
    raise SystemExit(f"make_screenshot: the app never showed {what}")


async def _draw(replay: Replay, server_url: str, workspace: Workspace, size: tuple[int, int], out: Path) -> None:
    backend = OllamaBackend(server_url, replay.header.model)
    app = SmallopsApp(LiveStart(backend, workspace, SessionConfig(task=replay.header.task), backend_label="ollama",
                                log_path=None))
    async with app.run_test(size=size) as pilot:
        await _until(pilot, lambda: app.main.rendered_proposals >= 1 and app.main.awaiting_decision, "step 1's proposal")
        await _until(pilot, lambda: app.main.armed, "step 1 armed")
        await pilot.press("y")
        await _until(pilot, lambda: app.main.rendered_proposals >= 2 and app.main.awaiting_decision, "step 2's proposal")
        await _until(pilot, lambda: app.main.armed, "step 2 armed")
        await pilot.pause()
        out.write_text(app.export_screenshot(title="smallops"), encoding="utf-8")
    await backend.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the SVG to write (default: {OUT.relative_to(ROOT)})")
    parser.add_argument("--size", default="110x30", help="the terminal's columns x rows (default: 110x30)")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.lower().split("x"))

    replay = Replay.load(FIXTURE)
    replies = [turn(event.raw, thinking=event.thinking) for step in replay.steps
               for event in step.events if isinstance(event, ReplyFinished)]
    # The sandbox is named in the status bar: pinned, so the picture does not depend on the kernel.
    session_loop.resolve_sandbox = lambda *a, **k: Sandbox("landlock", abi=7, isolated=True)
    WORKSPACE.parent.mkdir(parents=True, exist_ok=True)
    with open(WORKSPACE.with_name(WORKSPACE.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # its path is fixed: two runs on one machine take turns with it
        shutil.rmtree(WORKSPACE, ignore_errors=True)
        rebuild_workspace(replay, 0, WORKSPACE)
        with ThreadedReplayServer({"/api/chat": replies}) as server:
            asyncio.run(_draw(replay, server.url, Workspace(WORKSPACE), (columns, rows), args.out))
    print(f"wrote {args.out} ({columns}x{rows})")


if __name__ == "__main__":
    main()
