"""The end of a session is in view however long the last reply was: stopped at a reply that could
not be used (a 200-line write cut off, as the embedded model's rewrite of README.md was in a clone
of this repository), the proposal pane shows its end block, not the reply's top. Before, the block
sat below the pane's fold and a 120x40 screen showed no end at all."""

from __future__ import annotations

from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal

LONG = '{"action": "write_file", "path": "README.md", "content": "' + "".join(
    f'line {i} says "hi"\\n' for i in range(200))


def test_a_stop_at_a_long_unusable_reply_shows_the_end(smallops_bin, app_env, calc_workspace, ollama) -> None:
    with ollama(ollama_routes([token_turn(LONG)], loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "do it", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "y send back" in s, "the reply that could not be used")
            term.press("s")
            screen = term.wait_for("SESSION ENDED · stopped", "the end, in view")
            assert "line 199" in screen  # the pane shows the reply's end, with the block below it
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
