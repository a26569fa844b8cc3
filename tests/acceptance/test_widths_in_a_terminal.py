"""The installed `smallops` at 120×40, 100×40 and 80×24: the status bar keeps the sandbox whole
once the context gauge is there, the footer keeps `? help` and `q quit`, the end of the session
shows the log's whole path, and the replay keeps its outcome (a newcomer saw `· sandbox`,
`q qui`, a cut path and `outcome:` at 120×40)."""

from __future__ import annotations

import pytest

from smallops_tui.agent.sandbox.confine import resolve_sandbox

from ..streams import token_turn
from .conftest import FIXED, MODEL, ollama_routes, session_logs
from .terminal import Terminal

SIZES = [(120, 40), (100, 40), (80, 24)]


def bottom(term: Terminal) -> tuple[str, str]:
    """The status bar and the footer: the screen's last two rows."""
    return term.screen.display[-2].rstrip(), term.screen.display[-1].rstrip()


def log_path_shown(term: Terminal) -> str:
    """What the approval bar says after `log:`, its folded rows joined (read from the column the
    bar starts at, `c: next task   q: quit   log: …`, so the conversation pane beside it is left out)."""
    rows = term.screen.display
    first = next(n for n, row in enumerate(rows) if "log:" in row)
    column = min(rows[first].index(start) for start in ("c: next task", "q: quit", "log:") if start in rows[first])
    parts = []
    for row in rows[first:]:
        part = row[column:].rstrip()
        if not part or row[column - 1] in "╭╰":  # the diff pane's border: the bar has ended
            break
        parts.append(part.strip())
    return "".join(parts).split("log:", 1)[1]


@pytest.mark.parametrize("cols, rows", SIZES, ids=lambda v: str(v))
def test_what_stays_whole_as_the_terminal_narrows(cols, rows, smallops_bin, app_env, calc_workspace, tmp_path,
                                                  ollama) -> None:
    sandbox = resolve_sandbox("auto")
    forms = {sandbox.label(), sandbox.label(bounds=False)}  # its bounds give way before it does
    turns = [token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}, thinking="The sign is wrong."),
             token_turn({"action": "done", "summary": "fixed add"})]
    env = dict(app_env, COLUMNS=str(cols), LINES=str(rows))
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "fix add in calc.py", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL, "--context", "4096"], env, calc_workspace, rows=rows, cols=cols)
        try:
            term.approve(lambda s: "step 2" in s and "ctx " in bottom(term)[0] and "y approve" in bottom(term)[1],
                         "the second proposal, with the context gauge")
            term.wait_for(lambda s: "q quit" in bottom(term)[1], "the footer")
            status, footer = bottom(term)
            assert status.lstrip().startswith("manual approval") and forms & set(status.strip().split("  ·  ")), status
            assert footer.split("▏")[0].rstrip().endswith("? help  q quit"), footer
            term.approve("SESSION ENDED", "the end of the session")
            term.wait_for("log:", "the log's path")
            shown = log_path_shown(term)
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
        log = session_logs(tmp_path)[0]
        assert shown == str(log)
        replay = Terminal([str(smallops_bin), "replay", str(log)], env, calc_workspace, rows=rows, cols=cols)
        try:
            replay.wait_for("steps ", "the replay")
            replay.press_until("right", lambda s: "step 2/2" in bottom(replay)[0], "the last step")
            # (the footer is rebuilt when the keys change: read it once it is drawn)
            replay.wait_for(lambda s: "q quit" in bottom(replay)[1], "the replay's footer")
            status, footer = bottom(replay)
            assert status.rstrip().endswith("paused · outcome: done"), status
            assert footer.split("▏")[0].rstrip().endswith("? help  q quit"), footer
            replay.press("q")
            replay.wait_exit()
        finally:
            replay.kill()
