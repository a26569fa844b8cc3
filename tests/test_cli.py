"""The command line skeleton: help, planned subcommands, config paths."""

from __future__ import annotations

import subprocess
import sys

import pytest

from smallops_tui.cli import PLANNED, SUBCOMMANDS, main


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


@pytest.mark.parametrize("name", sorted(PLANNED))
def test_unbuilt_subcommands_say_so_and_exit_2(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name]) == 2
    err = capsys.readouterr().err
    assert "not built yet" in err and "issue #" in err


def test_a_bare_task_means_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fix the bug"]) == main(["run", "fix the bug"])


def test_config_path_follows_the_environment(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "path"]) == 0
    assert capsys.readouterr().out.strip().startswith(str(tmp_path / "config"))


def test_bad_flag_is_one_clear_line() -> None:
    result = run("--definitely-not-a-flag")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "unrecognized arguments" in result.stderr
