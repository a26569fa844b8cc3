"""The command line skeleton: help, planned subcommands, config paths."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from smallops_tui.cli import main
from smallops_tui.cli.parser import SUBCOMMANDS

from ..acceptance.terminal import run_in_terminal


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "smallops_tui.cli", *args], capture_output=True, text=True, timeout=60)


def test_help_lists_every_planned_subcommand() -> None:
    result = run("--help")
    assert result.returncode == 0
    for name in ("run", "replay", "sessions", "export", "models", "doctor", "bench"):
        assert name in result.stdout


@pytest.mark.parametrize("name", sorted(SUBCOMMANDS))
def test_each_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([name, "--help"])
    assert exit_info.value.code == 0
    assert "usage: smallops " + name in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "usage"), [
    (["run", "--bogus", "fix it"], "usage: smallops run "),
    (["export", "--nope"], "usage: smallops export "),
    # A bare task is run's, said as the person typed it: `smallops --bogus` named `smallops run`,
    # a command a new user never typed.
    (["fix it", "--bogus"], "usage: smallops [-h] [--workspace DIR]"),
    (["--bogus"], "usage: smallops [-h] [--workspace DIR]"),
])
def test_an_argument_a_subcommand_does_not_know_is_said_with_its_usage(
        argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A new user's `smallops run --bogus x` printed the top level's usage, not run's."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert err.startswith(usage) and "unrecognized arguments: --" in err
    assert ("smallops run: error" in err) == (argv[0] == "run")


def test_a_bare_task_means_run() -> None:
    from smallops_tui.cli import with_default_command

    assert with_default_command(["fix the bug"]) == ["run", "fix the bug"]
    assert with_default_command([]) == ["run"]
    assert with_default_command(["doctor"]) == ["doctor"]


def test_run_with_a_bad_setting_is_one_sentence(tmp_path) -> None:
    result = run("run", "--workspace", str(tmp_path / "missing"), "task")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "is not a directory" in result.stderr


def test_run_with_a_broken_config_file_is_one_sentence(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "config.toml").write_text('step_cap = "many"\n')
    result = run("run", "task")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "step_cap" in result.stderr


def test_run_with_no_server_and_forced_backend_is_one_sentence(tmp_path) -> None:
    # In a terminal: without one, `run` refuses before it looks for a server (test_no_terminal.py).
    (tmp_path / "ws").mkdir()  # (not tmp_path itself: it holds this test's config and data folders)
    status, screen = run_in_terminal([sys.executable, "-m", "smallops_tui.cli", "run", "--backend", "ollama", "--url",
                                      "http://127.0.0.1:9", "task"], dict(os.environ), tmp_path / "ws")
    assert status == 1 and "Traceback" not in screen
    assert "no Ollama at http://127.0.0.1:9" in screen


def test_config_path_follows_the_environment(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "path"]) == 0
    assert capsys.readouterr().out.strip().startswith(str(tmp_path / "config"))


def test_bad_flag_is_one_clear_line() -> None:
    result = run("--definitely-not-a-flag")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "unrecognized arguments" in result.stderr


async def test_a_slow_discovery_says_what_it_waits_for(capsys) -> None:
    import asyncio

    from smallops_tui.cli.common import with_progress

    async def slow() -> str:
        await asyncio.sleep(0.35)
        return "ready"

    assert await with_progress(slow(), "asking Ollama for its models", first=0.1, every=0.1) == "ready"
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("smallops: asking Ollama for its models… ") for line in lines)


async def test_a_quick_discovery_says_nothing(capsys) -> None:
    from smallops_tui.cli.common import with_progress

    async def quick() -> int:
        return 1

    assert await with_progress(quick(), "x", first=5) == 1
    assert capsys.readouterr().err == ""


def test_a_workspace_holding_smallops_own_folders_is_refused(tmp_path, monkeypatch, capsys) -> None:
    from smallops_tui.cli import main

    home = tmp_path / "home"
    monkeypatch.setenv("SMALLOPS_CONFIG_DIR", str(home / ".config" / "smallops-tui"))
    monkeypatch.setenv("SMALLOPS_DATA_DIR", str(home / ".local" / "share" / "smallops-tui"))
    home.mkdir()
    assert main(["run", "tidy up", "--workspace", str(home), "--backend", "ollama", "--url", "http://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "contains smallops's own settings" in err and "session logs" in err and "--workspace" in err


def test_names_a_server_sends_reach_the_terminal_only_drawn_visibly(capsys) -> None:
    """A model name is the server's text: an OSC 52 or a screen-clearing sequence in it must not
    reach the terminal through `models`, `doctor` or the notes `run` prints."""
    import json

    from smallops_tui.cli import main

    from ..replay_server import Reply, ThreadedReplayServer

    evil = "fake\x1b]52;c;aGFja2Vk\x07\x1b[2J\x1b[31mRED"
    tags = json.dumps({"models": [{"name": evil, "details": "not an object"}, {"name": 5}, "junk"]}).encode()
    show = json.dumps({"capabilities": "thinking", "model_info": [], "details": 3, "template": 7}).encode()
    routes = {"/api/tags": [Reply("ollama_tags.json", body=tags)], "/api/show": [Reply("ollama_show_qwen3.json", body=show)],
              "/api/version": [Reply("ollama_version.json")]}
    with ThreadedReplayServer(routes) as server:
        assert main(["models", "--url", server.url]) == 0
        main(["doctor", "--url", server.url, "--no-constrained"])
    out = capsys.readouterr()
    printed = out.out + out.err
    assert "\x1b" not in printed and "\x07" not in printed
    assert "fake\\x1b]52;c;aGFja2Vk\\x07" in printed  # shown, escaped
    assert "Traceback" not in printed
