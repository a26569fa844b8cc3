"""The command runner: exit codes, timeout, output cap, cancellation, bad bytes, and containment:
no process a command starts outlives its step, the app, or a kill -9 of the app."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from smallops_tui.agent import run_command
from smallops_tui.agent.sandbox.runner import kill_live_commands
from smallops_tui.agent.sandbox.confine import resolve_sandbox

from ..processes import alive, gone, read_pids, wait_for_pids

OFF = resolve_sandbox("off")


async def test_runs_in_the_workspace_and_reports_exit_code(tmp_path) -> None:
    result = await run_command("pwd; echo oops >&2; exit 3", tmp_path)
    assert result.exit_code == 3 and not result.ok
    assert str(tmp_path) in result.output and "oops" in result.output


async def test_no_stdin(tmp_path) -> None:
    result = await run_command("cat", tmp_path, timeout=5)
    assert result.exit_code == 0 and result.output == ""


async def test_a_missing_program_is_reported_not_raised(tmp_path) -> None:
    result = await run_command("no-such-program-xyz", tmp_path)
    assert result.exit_code == 127 and "not found" in result.output


async def test_timeout_kills_the_whole_tree(tmp_path) -> None:
    result = await run_command("sleep 100 & echo $! > child.pid; setsid -f sh -c 'echo $$ > escaped.pid; exec sleep 100'; "
                               "sleep 100", tmp_path, timeout=1)
    assert result.timed_out and result.exit_code is None and "timeout" in result.output
    for pid in read_pids(tmp_path, "child.pid", "escaped.pid"):
        gone(pid)


@pytest.mark.parametrize("background", [
    "sleep 300 &",
    "nohup sleep 300 >/dev/null 2>&1 &",
    "setsid -f sleep 300",
    "(sleep 300 &)",
    "sh -c 'sh -c \"sleep 300 &\" &'",  # a double fork
    "setsid sh -c 'sleep 300 & exit' &",
    "env -i setsid -f sleep 300",  # no step marker either: only the wrapper's subreaper catches it
])
async def test_background_jobs_do_not_outlive_their_step(background: str, tmp_path) -> None:
    """Every process of the workspace's commands is found by its working directory."""
    result = await run_command(f"{background}\n sleep 0.2; echo started", tmp_path, timeout=20)
    assert result.exit_code == 0 and "started" in result.output
    assert _processes_in(tmp_path) == [], f"{background!r} left processes behind"


def _processes_in(directory: Path) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and alive(int(entry)):
            try:
                if os.readlink(f"/proc/{entry}/cwd") == str(directory):
                    found.append(int(entry))
            except OSError:
                continue
    return found


async def test_output_is_capped_with_head_and_tail(tmp_path) -> None:
    result = await run_command("echo START; yes x | head -c 300000; echo; echo END", tmp_path, output_cap=1000)
    assert result.truncated and result.omitted_bytes > 290000
    assert result.output.startswith("START") and result.output.rstrip().endswith("END")
    assert "bytes of output omitted" in result.output
    assert len(result.output) < 1200


async def test_non_utf8_output_is_replaced(tmp_path) -> None:
    result = await run_command("printf 'a\\377\\376b'", tmp_path)
    assert result.output == "a\ufffd\ufffdb"


async def test_cancel_event_ends_the_command_and_keeps_its_output(tmp_path) -> None:
    cancel = asyncio.Event()
    task = asyncio.create_task(run_command("echo partial; setsid -f sh -c 'echo $$ > bg.pid; exec sleep 300'; "
                                           "echo $$ > sh.pid; sleep 300", tmp_path, timeout=60, cancel=cancel))
    pids = await asyncio.to_thread(wait_for_pids, tmp_path, "sh.pid", "bg.pid")
    cancel.set()
    result = await asyncio.wait_for(task, 10)
    assert result.cancelled and result.exit_code is None and not result.ok
    assert "partial" in result.output and "[cancelled after" in result.output
    for pid in pids:
        gone(pid)


async def test_cancelling_the_task_kills_the_tree(tmp_path) -> None:
    task = asyncio.create_task(run_command("echo $$ > shell.pid; sleep 100", tmp_path, timeout=60))
    [pid] = await asyncio.to_thread(wait_for_pids, tmp_path, "shell.pid")
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    gone(pid)


async def test_kill_live_commands_kills_what_is_running(tmp_path) -> None:
    task = asyncio.create_task(run_command("setsid -f sh -c 'echo $$ > bg.pid; exec sleep 300'; sleep 300",
                                           tmp_path, timeout=60))
    [pid] = await asyncio.to_thread(wait_for_pids, tmp_path, "bg.pid")
    assert await asyncio.to_thread(kill_live_commands) == 1
    gone(pid)
    result = await asyncio.wait_for(task, 10)
    assert result.exit_code != 0


async def test_a_command_that_kills_its_wrapper_is_still_swept(tmp_path) -> None:
    """Without a sandbox the command can kill the wrapper; its orphans come back to the app
    (a subreaper) and are killed by their step marker."""
    result = await run_command("setsid -f sh -c 'echo $$ > bg.pid; exec sleep 300'; sleep 0.2; kill -9 $PPID",
                               tmp_path, timeout=20, sandbox=OFF)
    assert result.exit_code != 0
    [pid] = read_pids(tmp_path, "bg.pid")
    gone(pid)


async def test_under_landlock_a_command_cannot_kill_its_wrapper(tmp_path) -> None:
    sandbox = resolve_sandbox("auto")
    if sandbox.kind != "landlock" or sandbox.abi < 6:
        pytest.skip("signal scoping needs Landlock ABI 6")
    result = await run_command("kill -9 $PPID; echo status=$?", tmp_path, sandbox=sandbox)
    assert "status=1" in result.output and result.exit_code == 0


APP = """
import asyncio, sys
from smallops_tui.agent.sandbox.runner import install_exit_handlers, run_command
install_exit_handlers()
asyncio.run(run_command(sys.argv[1], sys.argv[2], timeout=600))
"""
TREE = ("sleep 300 & echo $! > child.pid; setsid -f sh -c 'echo $$ > escaped.pid; exec sleep 300'; "
        "(sh -c 'echo $$ > double.pid; exec sleep 300' &); echo $$ > shell.pid; sleep 300")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=lambda s: s.name)
def test_a_running_command_dies_with_the_app(sig: signal.Signals, tmp_path) -> None:
    """The app (a real child process running the command the way the session does) is killed
    with `sig`; nothing its command started survives, kill -9 of the app included."""
    app = subprocess.Popen([sys.executable, "-c", APP, TREE, str(tmp_path)])
    try:
        pids = wait_for_pids(tmp_path, "child.pid", "escaped.pid", "double.pid", "shell.pid")
        assert all(alive(pid) for pid in pids)
        app.send_signal(sig)
        app.wait(20)
        for pid in pids:
            gone(pid, f"a process of the command survived {sig.name} of the app")
    finally:
        app.kill()


THREAD_APP = """
import os, subprocess, sys, threading, time
from smallops_tui.agent.sandbox.confine import private_temp_dir, resolve_sandbox
argv = resolve_sandbox("auto").wrapper_argv(sys.argv[1], sys.argv[2], private_temp_dir())
def written(path):
    try:
        return open(path).read().endswith("\\n")
    except OSError:
        return False
def spawn():
    subprocess.Popen(argv, cwd=sys.argv[2])
    # The wrapper has armed its signal once the shell runs; the pid is written whole (the file is
    # there as soon as `>` opens it: a thread that ended then took the shell before its echo ran).
    while not written(os.path.join(sys.argv[2], "shell.pid")):
        time.sleep(0.01)
worker = threading.Thread(target=spawn)
worker.start(); worker.join()
open(sys.argv[3], "w").write("thread ended")
threading.Event().wait()
"""


def test_the_death_signal_follows_the_thread_that_started_the_command(tmp_path) -> None:
    """Why commands are started from the event loop's thread: a command started from a thread
    dies when that thread ends, even though the app lives on."""
    marker = tmp_path / "thread-ended"
    app = subprocess.Popen([sys.executable, "-c", THREAD_APP, "echo $$ > shell.pid; sleep 300", str(tmp_path),
                            str(marker)])
    try:
        [pid] = wait_for_pids(tmp_path, "shell.pid")
        gone(pid, "the command outlived the thread that started it")
        assert app.poll() is None and marker.exists()
    finally:
        app.kill()
        app.wait()


async def test_commands_survive_short_lived_threads_of_the_app(tmp_path) -> None:
    """run_command starts the wrapper from the loop's own thread, so threads that come and go
    meanwhile (the session assesses proposals on worker threads) do not take the command."""
    task = asyncio.create_task(run_command("echo $$ > shell.pid; sleep 1; echo survived", tmp_path, timeout=30))
    await asyncio.to_thread(wait_for_pids, tmp_path, "shell.pid")
    for _ in range(3):
        worker = threading.Thread(target=time.sleep, args=(0.01,))
        worker.start()
        await asyncio.to_thread(worker.join)
    result = await task
    assert result.exit_code == 0 and "survived" in result.output


async def test_the_model_is_told_background_jobs_do_not_outlive_their_command(tmp_path) -> None:
    from smallops_tui.agent.session.prompts import BACKGROUND_NOTE, command_feedback

    for command in ("sleep 300 &", "nohup python3 server.py", "setsid -f sleep 300"):
        result = await run_command(command, tmp_path, timeout=20, sandbox=OFF)
        summary, text = command_feedback(result)
        assert BACKGROUND_NOTE in text and command in summary
    _, plain = command_feedback(await run_command("echo a && echo b 2>&1", tmp_path))
    assert BACKGROUND_NOTE not in plain and "exited with code 0" in plain


def test_the_temp_dir_of_an_app_killed_with_kill_9_is_removed_by_the_next_app(tmp_path) -> None:
    """kill -9 skips every exit handler: the next app to start sweeps what the dead one left, and
    leaves a live app's dir and anything not its own alone."""
    env = dict(os.environ, TMPDIR=str(tmp_path))
    code = "from smallops_tui.agent.sandbox.confine import private_temp_dir; print(private_temp_dir(), flush=True); " \
           "import time; time.sleep(60)"
    victim = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
    survivor = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert victim.stdout is not None and survivor.stdout is not None  # (both piped)
        dead_dir, live_dir = Path(victim.stdout.readline().strip()), Path(survivor.stdout.readline().strip())
        assert dead_dir.is_dir() and live_dir.is_dir()
        victim.send_signal(signal.SIGKILL)
        victim.wait(10)
        assert dead_dir.is_dir()  # nothing ran to remove it
        unrelated = tmp_path / "smallops-cmd-notapid-x"
        unrelated.mkdir()
        done = subprocess.run([sys.executable, "-c", "from smallops_tui.agent.sandbox.confine import private_temp_dir; "
                               "print(private_temp_dir())"], env=env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        assert not dead_dir.exists()
        assert live_dir.is_dir() and unrelated.is_dir()
        assert not Path(done.stdout.strip()).exists()  # and the new app removed its own at exit
    finally:
        for process in (victim, survivor):
            process.kill()
            process.wait(10)
