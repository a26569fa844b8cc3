"""Steering through the installed console script in a real terminal: `--approval auto-low` starts
the session auto-approving LOW, `m` sends a message with the next request, the command palette
switches to another of the server's models, `a` goes back to manual — and the log has all of it."""

from __future__ import annotations

from smallops_tui.agent import read_log

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import FIXED, LOOK, MODEL, ollama_routes, session_logs
from .terminal import Terminal


def test_approval_mode_message_and_model_switch_in_a_terminal(smallops_bin, app_env, calc_workspace,
                                                                tmp_path) -> None:
    turns = [token_turn(LOOK),  # LOW: approved by the mode
             token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}),  # MEDIUM: waits
             token_turn({"action": "done", "summary": "fixed add"})]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "fix add in calc.py", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL, "--approval", "auto-low"], app_env, calc_workspace)
        try:
            text = term.wait_for(lambda s: "write_file" in s and "y approve" in s, "the MEDIUM proposal")
            assert "AUTO-APPROVE LOW" in text and "auto-approved (LOW)" in text
            term.press("m")
            term.wait_for("Message to the model", "the message input")
            term.type("the tests are in tests/, not test/")
            term.press("enter")
            term.wait_for("✉ you, to the model", "the message in the conversation")
            term.press("\x10")  # ctrl+p
            term.wait_for("Search for commands", "the command palette")
            term.type("Switch model")
            term.wait_for("Switch model", "the palette entry")
            term.press("enter")
            term.wait_for("llama3.2:1b", "the server's models")
            term.type("llama3.2")
            term.press("enter")
            term.wait_for("model switched: qwen3:1.7b → llama3.2:1b", "the switch in the conversation")
            term.press("a")
            term.wait_for("manual approval", "the status bar back to manual")
            term.approve(lambda s: "done" in s and "fixed add" in s, "the done proposal")
            term.approve("SESSION ENDED", "the end")
            term.press("q")
            status, _ = term.wait_exit()
            chats = [r.json() for r in server.requests if r.path == "/api/chat"]
        finally:
            term.kill()
    assert status == 0
    assert [c["model"] for c in chats] == [MODEL, MODEL, "llama3.2:1b"]
    assert chats[2]["messages"][-1]["content"].endswith(
        "Message from the person supervising you: the tests are in tests/, not test/")
    log = read_log(session_logs(tmp_path)[0])
    assert log.header.approval_mode == "auto-low"
    kinds = [(e.type, getattr(e, "by", None) or getattr(e, "mode", None) or getattr(e, "model", None))
             for e in log.events if e.type in ("decision", "approval_mode_changed", "model_switched", "person_message")]
    assert kinds == [("decision", "auto"), ("person_message", None), ("model_switched", "llama3.2:1b"),
                     ("approval_mode_changed", "manual"), ("decision", "human"), ("decision", "human")]
