"""The settings screen through the installed `smallops` in a real terminal: `,` opens it during a
session, a model named with a `"` is typed into it and saved, and config.toml keeps its comments,
its quoting and its [keymap] table, and loads back to the exact value; a bad value is refused on
screen with the field and the reason, and the file is not touched."""

from __future__ import annotations

from smallops_tui.config import load_settings

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import LOOK, MODEL, ollama_routes
from .terminal import Terminal

CONFIG = """\
# my settings: written by hand
theme = 'smallops-dark'   # dark at night
model = "qwen3:1.7b"  # the small one
step_cap = 12  # enough

[keymap]
reject = "x"  # n is next to m
"""
VALUE = 'my "best" model'


def test_the_settings_screen_saves_a_quote_and_keeps_the_comments(smallops_bin, app_env, calc_workspace,
                                                                  tmp_path) -> None:
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(CONFIG)
    turns = [token_turn(LOOK)]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "look around", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "x reject" in s, "the proposal")
            term.press(",")
            term.wait_for("Settings, saved to", "the settings screen")
            # theme, approval mode, sandbox, backend, server URL: the sixth is the model
            for _ in range(5):
                tab(term)
            term.press("\x15")  # ctrl+u: the model's text box emptied
            term.wait_for(lambda s: row(s, "model") == "(not set)", "the model's box emptied")
            term.type(VALUE)
            term.wait_for(lambda s: row(s, "model") == VALUE, "the model typed")
            tab(term)  # thinking budget
            tab(term)  # context window
            term.type("12")
            term.wait_for(lambda s: row(s, "context window") == "12", "the context typed")
            term.press("\x13")  # ctrl+s
            term.wait_for("context: Input should be greater than or equal to 256", "the refusal, on screen")
            assert config.read_text() == CONFIG
            term.press("\x15")  # the context emptied: what discovery finds
            term.wait_for(lambda s: row(s, "context window") == "(not set)", "the context emptied")
            term.press("\x13")
            term.wait_for(lambda s: "Settings, saved to" not in s and '"my \\"best\\" model"' in config.read_text(),
                          "the screen closed, the value saved")
            status, _ = term.quit_session()
        finally:
            term.kill()
    assert status == 0
    text = config.read_text()
    assert text == CONFIG.replace('model = "qwen3:1.7b"', 'model = "my \\"best\\" model"'), text
    settings = load_settings(path=config, environ={})
    assert settings.model == VALUE and settings.keymap == {"reject": "x"} and settings.step_cap == 12
    assert settings.theme == "smallops-dark" and settings.context is None


def tab(term: Terminal) -> None:
    """Tab to the next setting, once the app has drawn the move (a focused box is tinted): a tab
    sent before the last one was handled could be taken as the same move."""
    before = len(term.raw)
    term.press("\t")
    term.wait_for(lambda _: len(term.raw) > before, "the focus drawn on the next setting")


def row(screen: str, label: str) -> str | None:
    """What the settings screen shows in the box of the setting labelled `label`."""
    for line in screen.splitlines():
        cells = line.strip("│█ ")
        if cells.startswith(label + "  "):
            return cells[len(label):].strip().rstrip("▼").strip()
    return None
