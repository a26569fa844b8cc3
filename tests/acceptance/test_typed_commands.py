"""A mistyped command is not a task: `smallops replya` says "did you mean `smallops replay`?" and
starts nothing (no model loaded, no session logged), while a real one-word task still works with
`run`. The installed `smallops`, in a pseudo-terminal (so it is the typo, not the missing
terminal, that stops it)."""

from __future__ import annotations

import pytest

from smallops_tui.agent import read_log
from smallops_tui.cli import meant_command

from ..streams import token_turn
from .conftest import LOOK, MODEL, ollama_routes, session_logs
from .terminal import Terminal, run_in_terminal


@pytest.mark.parametrize("typed, meant", [("replya", "replay"), ("sesions", "sessions"), ("Doctr", "doctor"),
                                          ("exprot", "export"), ("rnu", "run")])
def test_a_mistyped_command_says_what_was_meant_and_starts_nothing(typed, meant, smallops_bin, app_env,
                                                                   calc_workspace, tmp_path) -> None:
    env = dict(app_env, OLLAMA_HOST="http://127.0.0.1:9")  # had it gone on, it would have looked for a model
    status, screen = run_in_terminal([str(smallops_bin), typed], env, calc_workspace)
    assert status == 2
    assert screen.strip().replace("\n", "") == (f"smallops: {typed} is not a command; did you mean `smallops {meant}`? "
                                                f"(A task of one word goes with run: smallops run {typed})")
    assert not session_logs(tmp_path) and not (tmp_path / "data").exists()  # nothing logged, nothing made


def test_a_typo_followed_by_options_is_still_a_typo(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    status, screen = run_in_terminal([str(smallops_bin), "replya", "--last"], app_env, calc_workspace)
    assert status == 2 and "did you mean `smallops replay`?" in screen and not session_logs(tmp_path)


def test_a_one_word_task_runs_with_run(smallops_bin, app_env, calc_workspace, tmp_path, ollama) -> None:
    with ollama(ollama_routes([token_turn(LOOK)], loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "replya", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "y approve" in s, "the first proposal")
            term.press("s")
            term.wait_for("SESSION ENDED", "the end of the session")
            term.press("q")
            status, _ = term.wait_exit()
        finally:
            term.kill()
    assert status == 0
    assert read_log(session_logs(tmp_path)[0]).header.task == "replya"


@pytest.mark.parametrize("word", ["benchmark", "refactor", "tests", "lint", "fix the bug", "replay.", "run", "bench"])
def test_words_far_from_every_command_or_commands_themselves_are_not_typos(word) -> None:
    assert meant_command(word) is None
