"""Through the real door: `smallops replay` without a log, in a pseudo-terminal, opens the sessions
browser over a data dir of 200 logs; typing filters the list to one, enter replays it in the same
app, q comes back to the list and escape leaves; nothing is printed but the screens."""

from __future__ import annotations

from pathlib import Path

from ..session_folders import write_hostile, write_logs
from .terminal import Terminal


def test_the_browser_replays_a_session_picked_from_200_by_typing(smallops_bin, app_env, tmp_path: Path) -> None:
    sessions = tmp_path / "data" / "sessions"
    write_logs(sessions, 200, task="task number {n}: {word}")
    write_hostile(sessions)
    term = Terminal([str(smallops_bin), "replay"], app_env, tmp_path)
    try:
        # The newest log first, after the hostile files (named to sort newer); the footer and the
        # line under the list say the keys (f and x are letters while the filter has the keys).
        text = term.wait_for(lambda s: "207 of 207 shown" in s and "task number 199: bravo" in s and "⏎ replay" in s
                             and "↓ list: f fork, x export" in s, "the list of 200 logs and 7 unreadable files (a FIFO and a device among them)")
        assert "[bold]cut[/bold] off" in text and "unreadable" in text  # literal, and said
        term.type("number 123:")
        term.wait_for(lambda s: "1 of 207 shown" in s and "task number 123: delta" in s, "the list filtered to one")
        term.press("enter")
        term.wait_for(lambda s: "replay · ollama" in s and "step 1/4" in s and "task number 123: delta" in s,
                      "the replay of the picked log")
        term.press("q")
        term.wait_for("1 of 207 shown", "back in the list")
        term.press("escape")
        status, sig = term.wait_exit()
    finally:
        term.kill()
    assert (status, sig) == (0, None), term.text()
