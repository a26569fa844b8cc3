"""The installed `smallops` in a pty at 120×40: a command longer than the diff pane is wide is folded
in the pane, its end in view (it was clipped at the pane's edge), and approving it runs exactly
what was proposed (issue 20)."""

from __future__ import annotations

from smallops_tui.ui.wrap import CONTINUES

from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal

PAYLOAD = "-".join(f"a{n:03d}" for n in range(50))
COMMAND = f"printf '%s' '{PAYLOAD}' > long.txt && echo TAIL-OF-IT"


def diff_pane(term: Terminal) -> str:
    """The diff pane's text, read inside its border, each folded line joined again without its marks
    (the proposal pane beside it, which shows the command too, is left out)."""
    rows = term.screen.display
    top = next((n for n, row in enumerate(rows) if "╭─ diff" in row), None)
    if top is None:
        return ""
    left = rows[top].index("╭─ diff")
    right = rows[top].index("╮", left)
    text = ""
    for row in rows[top + 1:]:
        if row[left] == "╰":
            break
        inner = row[left + 1:right].rstrip()
        text += inner[:-1] if inner.endswith(CONTINUES) else inner + "\n"
    return text


def test_a_long_command_is_read_whole_in_the_diff_pane(smallops_bin, app_env, calc_workspace, ollama) -> None:
    assert len(COMMAND) > 280
    turns = [token_turn({"action": "run_command", "command": COMMAND}), token_turn({"action": "done", "summary": "ok"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "write the numbers", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "y approve" in s and "TAIL-OF-IT" in diff_pane(term), "the command's end in the diff")
            assert COMMAND in diff_pane(term).split("\n")  # all of it, one line again once its rows are joined
            term.approve("step 2", "the next step")
            term.approve("SESSION ENDED", "the end of the session")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
    assert (calc_workspace / "long.txt").read_text() == PAYLOAD
