"""A configuration file an edit leaves unreadable is answered (`lint`: levers/answers.syntax_broken),
and a value that "drops to £40" is no removal for `dropped` and GONE (definitions.may_remove): both
from heldout23's d07, whose workshops.ini was written without its [DEFAULT] header, approved, and
then failed every test."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.files.edits import try_preview
from smallops_tui.agent.session.definitions import may_remove
from smallops_tui.agent.session.levers.answers import syntax_broken
from smallops_tui.agent.session.levers.keep import dropped_definitions

WORKSHOPS = "# prices in pounds\n[DEFAULT]\nprice = 65\nminutes = 120\n\n[beads]\ntitle = Lampwork beads\nprice = 45\n"
HEADLESS = "price = 70\nminutes = 120\n\n[beads]\ntitle = Lampwork beads\nprice = 40\n"
TASK = ("At the glass studio the standard workshop price goes up from £65 to £70, and the lampwork beads class "
        "drops to £40. Workshops that already have a price of their own keep it.")


@pytest.mark.parametrize(("path", "before", "after", "said"), [
    ("workshops.ini", WORKSHOPS, HEADLESS, "File contains no section headers"),
    ("setup.cfg", "[metadata]\nname = x\n", "[metadata]\nname = x\nname = y\n", "already exists"),
    ("pyproject.toml", '[project]\nname = "x"\n', '[project]\nname = \n', "Invalid value"),
    ("workshops.ini", WORKSHOPS, WORKSHOPS.replace("65", "70"), None),  # still reads
    ("workshops.ini", "price = 1\n", HEADLESS, None),  # broken before: the edit may be a step of a fix
    ("nginx.conf", None, "server { listen 80; }\n", None),  # a new .conf may be another format
    ("nginx.conf", "server { listen 80; }\n", "server { listen 81; }\n", None),  # and an old one not INI
])
def test_a_configuration_left_unreadable_is_broken(path: str, before: str | None, after: str, said: str | None) -> None:
    found = syntax_broken(path, before, after)
    assert (found is None) if said is None else (found is not None and said in found), found


@pytest.mark.parametrize(("task", "removing"), [
    (TASK, False),
    ("Judging of the heaviest marrow moves to 14:30.", False),
    ("Prices drop by 10%.", False),
    ("Drop the legacy XML export.", True),
    ("Please drop support for Python 3.8.", True),
    ("Move parse_line to util.py.", True),
])
def test_a_value_that_drops_or_moves_is_no_removal(task: str, removing: bool) -> None:
    assert may_remove(task) is removing


def test_the_default_section_dropped_under_drops_to_is_answered(tmp_path: Path) -> None:
    (tmp_path / "workshops.ini").write_text(WORKSHOPS)
    preview, _ = try_preview(WriteFile(path="workshops.ini", content=HEADLESS), Workspace(tmp_path))
    answer = dropped_definitions(TASK, preview)
    assert answer is not None and "[DEFAULT]" in answer.note, answer
