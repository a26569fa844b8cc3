"""The command judge's pipeline goes no further than it must, and skips only what could find
nothing: a line that writes no file (by a redirection or by a program's words) never has its
files-written-and-run read, which is safe only while `writes_a_file` sees every way
classify.written_files finds a written file."""

from __future__ import annotations

import shlex

import pytest

from smallops_tui.agent import Workspace
from smallops_tui.agent.risk.classify import writes_a_file
from smallops_tui.agent.risk.judging import Context
from smallops_tui.agent.risk.programs import PROGRAMS
from smallops_tui.agent.risk.rules import Findings, RiskVerdict
from smallops_tui.agent.risk.shell import analyze
from smallops_tui.agent.risk.classify import written_files

from ..conftest import load

LINES = [c["command"] for name in ("commands.json", "commands_issue30.json") for c in load(name)]
# Every way of writing a file the line shows, each alone (the corpora hold them mixed with others).
WRITERS = ["echo x > f", "echo x >> f", "echo x &> f", "cat <> f", "echo x | tee f", "tee -a f < g", "cp a f",
           "mv a f", "ln -s a f", "install a f", "rsync a f", "dd if=a of=f", "sort -o f a", "tar xf a.tar",
           "unzip a.zip", "gunzip a.gz", "gzip -d a.gz", "cpio -i < a", "7z x a.7z", "cp a \"$f\""]


def _context(workspace: Workspace) -> Context:
    return Context(workspace, Findings(), lambda line: RiskVerdict("LOW", (), ()), PROGRAMS)


@pytest.mark.parametrize("line", WRITERS)
def test_each_way_of_writing_a_file_is_seen_by_both(line: str, workspace: Workspace) -> None:
    commands = analyze(line).commands
    assert written_files(commands, _context(workspace)), line  # the control: it does write one
    assert any(writes_a_file(cmd) for cmd in commands), line


def test_a_line_the_judge_takes_for_writing_nothing_writes_nothing(workspace: Workspace) -> None:
    """Over both corpora, each line as it is and behind sh -c: where no command writes a file as
    writes_a_file reads it, written_files finds none either."""
    checked = 0
    for line in LINES + [f"sh -c {shlex.quote(line)}" for line in LINES]:
        commands = analyze(line.replace("{OUTSIDE}", "/tmp/outside")).commands
        if not any(writes_a_file(cmd) for cmd in commands):
            assert written_files(commands, _context(workspace)) == {}, line
            checked += 1
    assert checked > 500  # most lines write nothing: the property is exercised
