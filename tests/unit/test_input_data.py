"""`inputdata`: an edit of the data a program reads, for a task about what the program does, is
answered with the code that reads it (levers/input_data.py); a task that asks for a change of the
data, in its words or by naming the file, is left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import Action, RunCommand, WriteFile
from smallops_tui.agent.session.levers.input_data import input_edited
from smallops_tui.agent.session.levers.answers import edit_preview

LEAGUE = '''"""python -m snails.league HEATS.csv: every snail's average speed."""
import sys

from snails.stats import average


def main():
    rows = [line.split(",") for line in open(sys.argv[1])][1:]
    print(average([int(r[2]) for r in rows]))
'''
STATS = "def average(values):\n    return sum(values) // len(values) if values else 0\n"
README = "# snails\n\n    python -m snails.league heats.csv   # the league\n    python -m snails.rota rota.csv\n"
FILES = {"snails/__init__.py": "", "snails/league.py": LEAGUE, "snails/stats.py": STATS, "README.md": README,
         "snails/rota.py": "import sys\nprint(open(sys.argv[1]).read())\n",
         "heats.csv": "heat,snail,mm\n1,Slimer,12\n2,Slimer,13\n", "source.txt": "some words\n",
         "rota.csv": "name,day,start\nPriya,Sat,07:00\n"}
SED = RunCommand(command="sed -i 's/Slimer,12/Slimer,12.5/' heats.csv")
DOCTORED = WriteFile(path="heats.csv", content="heat,snail,mm\n1,Slimer,12.5\n2,Slimer,12.5\n")
FAULT = "The snail league (`python -m snails.league heats.csv`) only ever shows whole-number averages. Can you fix it?"


def _workspace(tmp_path: Path) -> Workspace:
    for rel, text in FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return Workspace(tmp_path)


def _answer(task: str, action: Action, workspace: Workspace) -> str | None:
    answer = input_edited(task, action, edit_preview(action, workspace), workspace, set(workspace.snapshot()))
    return None if answer is None else answer.text


@pytest.mark.parametrize("action", [SED, DOCTORED], ids=["sed", "write"])
def test_the_data_a_faulty_command_reads_is_not_edited_and_its_readers_are_named(action: Action, tmp_path: Path) -> None:
    told = _answer(FAULT, action, _workspace(tmp_path))
    assert told is not None and "heats.csv is the data the program reads" in told
    # the command's module, then what it imports: where the fault is
    assert "snails/league.py, snails/stats.py" in told


@pytest.mark.parametrize("task", [
    "The snail league shows Slimer twice. Please remove the duplicate rows from heats.csv.",  # data asked in words
    "Fix heats.csv: Slimer's second heat was 14 mm, not 13.",  # named with a change
    "Add a row for Gary's heat 3 (15 mm) to heats.csv, then `python -m snails.league heats.csv` shows him.",
    "Why does `python -m snails.league heats.csv` show whole numbers? Don't change anything.",  # a question
    "Priya's Saturday shift should start at 7:30 now instead of 7:00. Everything else stays the same.",
])
def test_a_task_asking_for_a_change_of_the_data_is_left_alone(task: str, tmp_path: Path) -> None:
    workspace = _workspace(tmp_path)
    assert _answer(task, SED, workspace) is None and _answer(task, DOCTORED, workspace) is None
    rota = WriteFile(path="rota.csv", content="name,day,start\nPriya,Sat,07:30\n")
    assert _answer(task, rota, workspace) is None


def test_a_file_nothing_reads_a_new_file_and_code_are_left_alone(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path)
    assert _answer(FAULT, WriteFile(path="source.txt", content="other words\n"), workspace) is None  # read by nothing
    assert _answer(FAULT, WriteFile(path="heats2.csv", content="heat\n"), workspace) is None  # not there at the start
    assert _answer(FAULT, WriteFile(path="snails/stats.py", content=STATS.replace("//", "/")), workspace) is None
    assert _answer(FAULT, WriteFile(path="heats.csv", content=FILES["heats.csv"]), workspace) is None  # no change
    assert _answer(FAULT, RunCommand(command="rm heats.csv"), workspace) is None  # a removal is not an edit of data
