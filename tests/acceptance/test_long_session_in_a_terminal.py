"""A long session through the installed `smallops` in a terminal (issue 33): after many auto-approved
reads, each past the model's context window (so the alarm is raised at every step), the write that
waits for the person is readable: its MEDIUM badge, the keys, and a status bar that still names the
model beside the alarm. Before, every step raised the alarm as a new notification, and their stack
covered the proposal pane and the status bar."""

from __future__ import annotations

from pathlib import Path

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal

READS = 40
PROPOSAL_COLUMN = 54  # the proposal pane's left border at 120 columns: toasts stay left of it
TOASTS = ("the server cut off its oldest part", "the prompt fills")


def test_the_waiting_proposal_is_readable_after_many_steps_past_the_window(smallops_bin, app_env,
                                                                          tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    (workspace / "notes").mkdir(parents=True)
    for n in range(READS):
        (workspace / "notes" / f"n{n:02d}.txt").write_text(f"note {n}\n" + "nothing to change here\n" * 20)
    (workspace / "w.py").write_text("def f(x):\n    return x - 1\n")
    turns = [token_turn({"action": "read_file", "path": f"notes/n{n:02d}.txt"}) for n in range(READS)]
    turns += [token_turn({"action": "read_file", "path": "w.py"}),
              token_turn({"action": "write_file", "path": "w.py", "content": "def f(x):\n    return x + 1\n"})]
    write = f"step {READS + 2} · write_file"
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        # (a 2,048-token window and a server that says it read 100 tokens: every request past the
        # first few is cut, and the alarm is raised at each of them)
        term = Terminal([str(smallops_bin), "run", "read the notes, then fix w.py", "--backend", "ollama", "--url",
                         server.url, "--model", MODEL, "--approval", "auto-low", "--context", "2048",
                         "--step-cap", "60"], app_env, workspace)
        try:
            text = term.wait_for(lambda s: write in s and "y approve" in term.screen.display[-1], "the write, waiting",
                                 seconds=300)
            rows = term.screen.display
            badge = next(row for row in rows if write in row)
            assert " MEDIUM " in badge[PROPOSAL_COLUMN:], badge
            status = rows[-2]  # beside the alarm, the model's name (the alarm said whole had pushed it off)
            assert "TRUNCATED" in status and MODEL in status, status
            covered = [row for row in rows if any(toast in row[PROPOSAL_COLUMN:] for toast in TOASTS)]
            assert covered == [], "\n".join(covered)
            assert "y: approve" in text  # the approval bar's keys, under the proposal
            term.approve("wrote w.py", "the write approved (y counts once the proposal is armed)")
        finally:
            term.kill()
