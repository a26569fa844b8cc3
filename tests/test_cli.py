"""The command line skeleton: help, planned subcommands, config paths."""

from __future__ import annotations

import subprocess
import sys

import pytest

from smallops_tui.cli import SUBCOMMANDS, main


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


def test_a_bare_task_means_run() -> None:
    from smallops_tui.cli import _with_default_command

    assert _with_default_command(["fix the bug"]) == ["run", "fix the bug"]
    assert _with_default_command([]) == ["run"]
    assert _with_default_command(["doctor"]) == ["doctor"]


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
    result = run("run", "--backend", "ollama", "--url", "http://127.0.0.1:9", "task")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "no Ollama at http://127.0.0.1:9" in result.stderr


def test_config_path_follows_the_environment(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "path"]) == 0
    assert capsys.readouterr().out.strip().startswith(str(tmp_path / "config"))


def test_bad_flag_is_one_clear_line() -> None:
    result = run("--definitely-not-a-flag")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "unrecognized arguments" in result.stderr


async def test_a_slow_discovery_says_what_it_waits_for(capsys) -> None:
    import asyncio

    from smallops_tui.cli import _with_progress

    async def slow() -> str:
        await asyncio.sleep(0.35)
        return "ready"

    assert await _with_progress(slow(), "asking Ollama for its models", first=0.1, every=0.1) == "ready"
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("smallops: asking Ollama for its models… ") for line in lines)


async def test_a_quick_discovery_says_nothing(capsys) -> None:
    from smallops_tui.cli import _with_progress

    async def quick() -> int:
        return 1

    assert await _with_progress(quick(), "x", first=5) == 1
    assert capsys.readouterr().err == ""
