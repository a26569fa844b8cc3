"""Saving a setting through the installed `smallops` in a real terminal: a theme of the person's
named `my "best"`, picked in the command palette, is written to config.toml so that the file
still loads with that theme (in the person's own literal quoting, which holds `"` as it is), and
the file keeps its comments and its [keymap] table (the old save wrote `theme = "my "best""` and
broke the file)."""

from __future__ import annotations

from pathlib import Path

from smallops_tui.config import load_settings

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import LOOK, MODEL, ollama_routes
from .terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """\
# my settings: written by hand
theme = 'smallops-dark'   # dark at night
step_cap = 12  # enough

[keymap]
reject = "x"  # n is next to m
"""


def test_a_theme_named_with_a_quote_is_saved_and_the_comments_stay(smallops_bin, app_env, calc_workspace,
                                                                   tmp_path) -> None:
    config_dir = tmp_path / "config"
    (config_dir / "themes").mkdir(parents=True)
    shipped = (ROOT / "themes" / "smallops-light.toml").read_text()
    (config_dir / "themes" / "best.toml").write_text(shipped.replace('name = "smallops-light"',
                                                                     'name = "my \\"best\\""'))
    config = config_dir / "config.toml"
    config.write_text(CONFIG)
    turns = [token_turn(LOOK)]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "look around", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "x reject" in s, "the proposal")
            term.press("\x10")  # ctrl+p
            term.wait_for("Search for commands", "the command palette")
            term.type("theme")
            term.wait_for("Change the current theme", "the theme command")
            term.press("enter")
            term.wait_for("smallops-solarized", "the themes")
            term.type('my "best"')
            term.press("enter")
            term.wait_for(lambda s: 'my "best"' in config.read_text() and "Search" not in s, "the theme saved")
            status, _ = term.quit_session()
        finally:
            term.kill()
    assert status == 0
    text = config.read_text()
    # In the person's own quoting: a literal string holds `"` as it is.
    assert text == CONFIG.replace("theme = 'smallops-dark'", "theme = 'my \"best\"'"), text
    settings = load_settings(path=config, environ={})
    assert settings.theme == 'my "best"' and settings.keymap == {"reject": "x"} and settings.step_cap == 12
