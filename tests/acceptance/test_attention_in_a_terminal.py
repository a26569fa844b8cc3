"""The signal when the app waits, through the installed `smallops` in a real terminal: the title
(read from the terminal, as a tab bar would) says `waiting: HIGH rm -rf build` while that proposal
waits and `done` at the end; while the terminal reports it has lost focus, the next wait rings the
bell and sends a desktop notification to a terminal that shows them (here WezTerm's OSC 9); the
person's own title comes back when the app ends; `bell = false` in config.toml silences the bell."""

from __future__ import annotations

import re

import pytest

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import LOOK, MODEL, ollama_routes
from .terminal import Terminal

FOCUS_OUT = "\x1b[?1004h"  # (what the app asks for; the terminal then reports focus as below)
LOST_FOCUS = "\x1b[O"
BELL = b"\x07"
NOTIFICATION = "\x1b]9;smallops — waiting: HIGH rm -rf build\x07".encode()
OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")  # an OSC sequence may end with BEL (Textual's pointer shape)


def bells(raw: bytes) -> int:
    """The bells rung in `raw`: BELs outside any OSC sequence."""
    return OSC.sub(b"", raw).count(BELL)


def session(smallops_bin, server_url: str, env: dict[str, str], cwd) -> Terminal:
    return Terminal([str(smallops_bin), "run", "clean the build", "--backend", "ollama", "--url", server_url,
                     "--model", MODEL], env, cwd)


def turns() -> list:
    return [token_turn(LOOK),
            token_turn({"action": "run_command", "command": "rm -rf build"}, thinking="Clean it."),
            token_turn({"action": "done", "summary": "nothing to clean"})]


@pytest.mark.parametrize("bell", [True, False], ids=["bell on", "bell = false"])
def test_the_title_says_waiting_and_a_person_elsewhere_is_called(bell, smallops_bin, app_env, calc_workspace,
                                                                   tmp_path) -> None:
    env = dict(app_env, TERM_PROGRAM="WezTerm")
    if not bell:
        config = tmp_path / "config" / "config.toml"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text("# the person's settings\nbell = false\n")
    with ThreadedReplayServer(ollama_routes(turns(), loaded=True)) as server:
        term = session(smallops_bin, server.url, env, calc_workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "y approve" in s, "the first proposal")
            assert term.screen.title == "smallops — waiting: LOW list_dir build"
            assert FOCUS_OUT.encode() in term.raw  # the app asked the terminal to report focus
            before = len(term.raw)
            assert bells(bytes(term.raw)) == 0  # the person was looking: nothing rang
            # y approves; the terminal's report that it lost focus comes in the same read, so the app
            # has it before the next reply can arrive (a key brings the focus back: it must come after y).
            term.press_until("y" + LOST_FOCUS, "rm -rf build", "the HIGH proposal")
            term.wait_for(lambda s: term.screen.title == "smallops — waiting: HIGH rm -rf build",
                          "the title naming the HIGH proposal")
            after = bytes(term.raw[before:])
            assert after.count(NOTIFICATION) == 1, after[-400:]
            assert bells(after) == (1 if bell else 0), after[-400:]
            term.press("n")
            term.wait_for("Reject run_command", "the reject dialog")
            term.press("enter")
            term.wait_for(lambda s: term.screen.title == "smallops — waiting: done? nothing to clean", "done")
            term.approve(lambda s: term.screen.title == "smallops — done", "the title at the end")
            term.press("q")
            status, _ = term.wait_exit()
        finally:
            term.kill()
    assert status == 0
    assert b"\x1b[23;0t" in term.raw  # the person's own title is put back
