"""The command runner: process group, timeout, output cap, cancellation, bad bytes."""

from __future__ import annotations

import asyncio
import os
import time

from smallops_tui.agent import run_command


async def test_runs_in_the_workspace_and_reports_exit_code(tmp_path) -> None:
    result = await run_command("pwd; echo oops >&2; exit 3", tmp_path)
    assert result.exit_code == 3 and not result.ok
    assert str(tmp_path) in result.output and "oops" in result.output


async def test_no_stdin(tmp_path) -> None:
    result = await run_command("cat", tmp_path, timeout=5)
    assert result.exit_code == 0 and result.output == ""


async def test_timeout_kills_the_whole_group(tmp_path) -> None:
    pidfile = tmp_path / "child.pid"
    result = await run_command(f"sleep 100 & echo $! > {pidfile}; sleep 100", tmp_path, timeout=0.5)
    assert result.timed_out and result.exit_code is None and "timeout" in result.output
    await _gone(int(pidfile.read_text()))


async def test_background_child_does_not_outlive_the_step(tmp_path) -> None:
    pidfile = tmp_path / "child.pid"
    result = await run_command(f"sleep 100 & echo $! > {pidfile}", tmp_path, timeout=5)
    assert result.exit_code == 0
    await _gone(int(pidfile.read_text()))


async def test_output_is_capped_with_head_and_tail(tmp_path) -> None:
    result = await run_command("echo START; yes x | head -c 300000; echo; echo END", tmp_path, output_cap=1000)
    assert result.truncated and result.omitted_bytes > 290000
    assert result.output.startswith("START") and result.output.rstrip().endswith("END")
    assert "bytes of output omitted" in result.output
    assert len(result.output) < 1200


async def test_non_utf8_output_is_replaced(tmp_path) -> None:
    result = await run_command("printf 'a\\377\\376b'", tmp_path)
    assert result.output == "a\ufffd\ufffdb"


async def test_cancellation_kills_the_group(tmp_path) -> None:
    pidfile = tmp_path / "shell.pid"
    task = asyncio.create_task(run_command(f"echo $$ > {pidfile}; sleep 100", tmp_path, timeout=60))
    deadline = time.monotonic() + 10
    while not pidfile.exists() or not pidfile.read_text().strip():
        assert time.monotonic() < deadline, "the command never started"
        await asyncio.sleep(0.02)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    assert task.cancelled()
    await _gone(int(pidfile.read_text()))


async def _gone(pid: int) -> None:
    """Poll until the process is dead (a SIGKILL takes a moment to land), or fail."""
    deadline = time.monotonic() + 5
    while _alive(pid):
        assert time.monotonic() < deadline, f"process {pid} survived"
        await asyncio.sleep(0.02)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); treat it as dead.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_running_command_dies_with_the_app_on_sigterm_and_sighup(tmp_path) -> None:
    import signal
    import subprocess
    import sys
    import textwrap

    for sig in (signal.SIGTERM, signal.SIGHUP):
        pidfile = tmp_path / f"child-{sig}.pid"
        script = textwrap.dedent(f"""
            import asyncio
            from smallops_tui.agent.commands import install_exit_handlers, run_command
            install_exit_handlers()
            asyncio.run(run_command("sleep 300 & echo $! > {pidfile}; sleep 300", ".", timeout=600))
        """)
        app = subprocess.Popen([sys.executable, "-c", script])
        deadline = time.monotonic() + 20
        while not (pidfile.exists() and pidfile.read_text().strip()):
            assert time.monotonic() < deadline, "the command never started"
            time.sleep(0.05)
        child = int(pidfile.read_text())
        assert _alive(child)
        app.send_signal(sig)
        app.wait(20)
        deadline = time.monotonic() + 5
        while _alive(child):
            assert time.monotonic() < deadline, f"the command survived {sig.name}"
            time.sleep(0.05)
