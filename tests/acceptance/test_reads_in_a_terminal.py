"""A read the model is not sent whole, through the installed `smallops` in a terminal: the
conversation says which lines the model was sent and what share of the context window it takes."""

from __future__ import annotations

from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal
from .test_undo_in_a_terminal import conversation

BIG = "".join(f"line {n} " + "x" * 80 + "\n" for n in range(1, 1064))


def test_a_cut_read_says_what_the_model_was_sent(smallops_bin, app_env, calc_workspace, ollama) -> None:
    (calc_workspace / "README.md").write_text(BIG)
    turns = [token_turn({"action": "read_file", "path": "README.md"}), token_turn({"action": "done", "summary": "x"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "what is this", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL, "--context", "8192"], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "README.md" in s and "y approve" in s, "the read's proposal")
            term.approve(lambda s: "token context window" in conversation(term), "the read's outcome")
            said = conversation(term)
            term.press("s")
            term.wait_for("SESSION ENDED", "the end")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
    assert ("read README.md: 1,063 lines; the model was sent lines 1–68 and 998–1,063 (12,000 of 95,626 characters; "
            "the 83,626 between were cut); about") in said
    assert "of the 8,192-token context window" in said
