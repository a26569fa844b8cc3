"""Issue 20, major 7: git runs planted code. A repository's configuration names programs that
read-only git commands run: LOW `git status` ran a `filter.<x>.clean` driver, LOW `git diff` ran
`diff.external`, and a command the rules rate MEDIUM can write either into `.git/config`. Each
plant below is live under plain git (the control), and runs nothing under a command, in every
sandbox this machine has (the settings are made inert per command: agent/sandbox/git_programs.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from smallops_tui.agent import RunCommand, Workspace, classify, run_command
from smallops_tui.agent.sandbox.confine import Sandbox, SandboxUnavailable, resolve_sandbox
from smallops_tui.agent.sandbox.git_programs import POISONED_GIT_DIR, planted_program_settings

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
KINDS = ["landlock", "bwrap", "off"]
CLEAN_ENV = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
             "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"}


def _sandbox(kind: str) -> Sandbox:
    try:
        return resolve_sandbox(kind)
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          env={**os.environ, **CLEAN_ENV}).stdout


@pytest.fixture
def base() -> Iterator[Path]:
    """Not under /tmp, which bwrap replaces with a private one."""
    path = Path(tempfile.mkdtemp(prefix="smallops-git-test-", dir="/var/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _repo(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "a.txt").write_text("one\ntwo\n")
    (root / "b.dat").write_text("data\n")
    git("init", "-q", "-b", "main", ".", cwd=root)
    git("add", ".", cwd=root)
    git("commit", "-qm", "init", cwd=root)


def _signed_commit(root: Path) -> None:
    """A commit with a (fake) signature: `git log` checks it when log.showSignature is set."""
    tree, parent = git("write-tree", cwd=root).strip(), git("rev-parse", "HEAD", cwd=root).strip()
    body = (f"tree {tree}\nparent {parent}\nauthor t <t@e> 1 +0000\ncommitter t <t@e> 1 +0000\n"
            "gpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\nsigned\n")
    (root / ".commit").write_text(body)
    commit = git("hash-object", "-t", "commit", "-w", ".commit", cwd=root).strip()
    (root / ".commit").unlink()
    git("update-ref", "HEAD", commit, cwd=root)


def _plant(name: str, root: Path, payload: Path) -> str:
    """Plant what a MEDIUM command could write; return the LOW command that runs it."""
    run = f"touch {payload}"
    config = root / ".git" / "config"
    if name == "filter clean under git status":
        (root / ".gitattributes").write_text("a.txt filter=x\n")
        config.write_text(config.read_text() + f'[filter "x"]\n\tclean = "{run}; cat"\n\tsmudge = cat\n')
        os.utime(root / "a.txt", (1, 1))  # stat changed, content not: status must run the clean filter
        return "git status"
    if name == "diff.external under git diff":
        (root / "a.txt").write_text("one\nTWO\n")
        config.write_text(config.read_text() + f'[diff]\n\texternal = "{run}; true"\n')
        return "git diff"
    if name == "a diff driver's command under git diff":
        (root / ".gitattributes").write_text("b.dat diff=bin\n")
        (root / "b.dat").write_text("DATA\n")
        config.write_text(config.read_text() + f'[diff "bin"]\n\tcommand = "{run}; true"\n')
        return "git diff"
    if name == "textconv under git log -p":
        (root / ".gitattributes").write_text("a.txt diff=conv\n")
        git("add", ".gitattributes", cwd=root)
        (root / "a.txt").write_text("one\nTWO\n")
        git("commit", "-qam", "second", cwd=root)
        config.write_text(config.read_text() + f'[diff "conv"]\n\ttextconv = "{run}; cat"\n')
        return "git log -p"
    if name == "gpg.program under git log":
        script = root / "tools" / "gpg.sh"
        script.parent.mkdir()
        script.write_text(f"#!/bin/sh\n{run}\n")
        script.chmod(0o755)
        _signed_commit(root)
        config.write_text(config.read_text() + f"[log]\n\tshowSignature = true\n[gpg]\n\tprogram = {script}\n")
        return "git log -1"
    if name == "man.viewer under git status --help":
        config.write_text(config.read_text() + f'[man]\n\tviewer = evil\n[man "evil"]\n\tcmd = "{run}; true"\n')
        return "git status --help"
    if name == "a submodule's filter under git status":
        sub = root.parent / "sub-origin"
        _repo(sub)
        subprocess.run(["git", "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "sub"],
                       cwd=root, check=True, capture_output=True, env={**os.environ, **CLEAN_ENV})
        git("commit", "-qm", "sub", cwd=root)
        (root / "sub" / ".gitattributes").write_text("a.txt filter=x\n")
        module = root / ".git" / "modules" / "sub" / "config"
        module.write_text(module.read_text() + f'[filter "x"]\n\tclean = "{run}; cat"\n')
        os.utime(root / "sub" / "a.txt", (1, 1))
        return "git status"
    raise AssertionError(name)


PLANTS = ["filter clean under git status", "diff.external under git diff", "a diff driver's command under git diff",
          "textconv under git log -p", "gpg.program under git log", "man.viewer under git status --help",
          "a submodule's filter under git status"]


@pytest.mark.parametrize("name", PLANTS)
def test_each_plant_is_live_under_plain_git_and_its_command_is_low(name: str, base: Path) -> None:
    """The control: without the app, the LOW command runs the planted program."""
    root = base / "ws"
    _repo(root)
    payload = root / "planted-code-ran"  # inside: the sandbox lets a command write there
    form = _plant(name, root, payload)
    assert classify(RunCommand(command=form), Workspace(root)).level == "LOW"
    subprocess.run(["sh", "-c", form], cwd=root, capture_output=True, timeout=60, stdin=subprocess.DEVNULL,
                   env={**os.environ, **CLEAN_ENV, "PAGER": "cat", "GIT_PAGER": "cat"})
    assert payload.exists(), f"the plant did not run under plain git: {name}"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", PLANTS)
async def test_a_planted_program_never_runs_under_a_command(name: str, kind: str, base: Path) -> None:
    root = base / "ws"
    _repo(root)
    payload = root / "planted-code-ran"  # inside: the sandbox lets a command write there
    form = _plant(name, root, payload)
    result = await run_command(form, root, sandbox=_sandbox(kind))
    assert not payload.exists(), result.output
    if form in ("git diff", "git log -p"):  # and the diff is still shown, made without the planted program
        assert "TWO" in result.output or "DATA" in result.output, result.output


def test_the_person_s_own_global_configuration_is_left_alone(base: Path, monkeypatch) -> None:
    """git-lfs and difftastic live in the person's global configuration, which no command can
    write: only a repository's own settings are made inert."""
    root = base / "ws"
    _repo(root)
    home = base / "home"
    home.mkdir()
    (home / ".gitconfig").write_text('[filter "lfs"]\n\tclean = git-lfs clean -- %f\n[diff]\n\texternal = difft\n')
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("GIT_CONFIG_GLOBAL", raising=False)
    assert planted_program_settings(root) == []
    (root / ".git" / "config").write_text((root / ".git" / "config").read_text() + '[filter "lfs"]\n\tclean = x\n')
    assert planted_program_settings(root) == [("filter.lfs.clean", "")]


async def test_a_configuration_that_cannot_be_read_leaves_git_no_repository(base: Path) -> None:
    """A FIFO planted as .git/config would hang whoever reads it: the app does not read it, and
    the command's git is pointed at no repository, so it fails and runs nothing."""
    root = base / "ws"
    _repo(root)
    (root / ".git" / "config").unlink()
    os.mkfifo(root / ".git" / "config")
    result = await run_command("git status; echo GIT_DIR=$GIT_DIR", root, sandbox=_sandbox("off"), timeout=60)
    assert f"GIT_DIR={POISONED_GIT_DIR}" in result.output and not result.timed_out, result.output
