"""The person's keys through the installed `smallops` in a real terminal: `[keymap]` in config.toml
moves approve to ctrl+y, which approves while y does nothing, and the footer says `^y approve`;
approve on Enter (or reject on space) is refused in one sentence before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import LOOK, MODEL, ollama_routes
from .terminal import Terminal, run_in_terminal

CTRL_Y = "\x19"


def write_config(tmp_path: Path, text: str) -> Path:
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text)
    return config


def test_a_remapped_key_approves_and_the_old_one_does_not(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    write_config(tmp_path, '# my keys\n[keymap]\napprove = "ctrl+y"  # y is too easy to hit\n')
    turns = [token_turn(LOOK), token_turn({"action": "done", "summary": "looked"})]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "look around", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "^y approve" in s, "the proposal, ^y in the footer")
            # y (and y again, once armed: whatever the arming delay) approves nothing; the person's key does.
            term.press_until("y", "ctrl+y: approve", "the approval bar, once armed")
            term.press("y")
            # (the first step's "✓ approved" and the second proposal may be drawn in either order)
            term.press_until(CTRL_Y, lambda s: "looked" in s and "✓ approved" in s, "the second proposal, after ctrl+y")
            term.press_until(CTRL_Y, "SESSION ENDED", "the end")
            term.press("q")
            status, _ = term.wait_exit()
        finally:
            term.kill()
    assert status == 0
    chats = [r for r in server.requests if r.path == "/api/chat"]
    assert len(chats) == 2  # one approval per proposal: y approved nothing


@pytest.mark.parametrize("keymap, sentence", [
    ('approve = "enter"', "keymap.approve = 'enter': approve never sits on enter, a key pressed by accident"),
    ('reject = "space"', "keymap.reject = 'space': reject never sits on space, a key pressed by accident"),
    ('approve = "ctrl+y"\nstop = "ctrl+y"', "keymap.stop: 'ctrl+y' would do two things in the live session"),
], ids=["approve on enter", "reject on space", "a conflict"])
def test_a_keymap_that_cannot_work_is_refused_before_anything_starts(keymap, sentence, smallops_bin, app_env,
                                                                      calc_workspace, tmp_path) -> None:
    config = write_config(tmp_path, f"[keymap]\n{keymap}\n")
    status, screen = run_in_terminal([str(smallops_bin), "run", "look around", "--backend", "ollama", "--url",
                                      "127.0.0.1:9", "--model", MODEL], app_env, calc_workspace)
    assert status == 2
    said = "".join(screen.split())  # the sentence wraps at the terminal's edge, mid-word
    assert "".join(f"smallops: {config}: {sentence}".split()) in said, screen
    assert "Traceback" not in screen
