"""STILL THERE for a default the task changes that the project still sets or states
(agent/session/default_checks.py): heldout25's j02 kit, where answers that changed one of the places
a default lives, and left the dataclass field, the docstring or the README, passed every test."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.default_checks import default_change, defaults_left

TASK = ("Our drinks should now be made at 70% sweetness by default instead of 100%. "
        "Please change the default everywhere it's set or written down.")
ORDERS = '''"""Drinks: a sweetness in per cent (0%, 50% or 100%; 100%
by default) and a size."""
from dataclasses import dataclass

CUPS_PER_BOX = 100


@dataclass
class Drink:
    tea: str
    sweetness: int = 100
    cups: int = 100


def make_drink(tea, sweetness=100, size=100):
    """A checked Drink; the sweetness defaults to 100."""
    return Drink(tea, sweetness)
'''
README = "# Tea\n\nSweetness is 0%, 50%, 70% or 100%; it defaults to 100%. Boxes hold 100 cups.\n"
RIGHT_CODE = (ORDERS.replace("100%\nby default", "70%\nby default").replace("sweetness: int = 100", "sweetness: int = 70")
              .replace("sweetness=100", "sweetness=70").replace("defaults to 100.", "defaults to 70."))
RIGHT_README = README.replace("defaults to 100%", "defaults to 70%")


@pytest.mark.parametrize(("task", "found"), [
    (TASK, ("100", "70", frozenset({"sweetness"}))),
    ("Change the default timeout from 30 to 60 seconds.", ("30", "60", frozenset({"timeout"}))),
    ("Set retries to 5 instead of 3 by default.", ("3", "5", frozenset({"retries"}))),
    ("Raise the price from 10 to 12.", None),  # no default
    ("The default is fine; just fix the crash.", None),  # no values
])
def test_which_default_the_task_changes(task: str, found: tuple[str, str, frozenset[str]] | None) -> None:
    assert default_change(task) == found


def _left(tmp_path: Path, orders: str, readme: str) -> list[str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "orders.py").write_text(orders)
    (tmp_path / "README.md").write_text(readme)
    first = {"orders.py": ORDERS, "README.md": README}
    return defaults_left(TASK, Workspace(tmp_path), first, ["README.md", "orders.py"])


def test_every_place_changed_is_no_flag_and_other_hundreds_are_not_read(tmp_path: Path) -> None:
    # `cups`, `size` and CUPS_PER_BOX are 100 too: defaults of something else.
    assert _left(tmp_path, RIGHT_CODE, RIGHT_README) == []
    # Words the session wrote are not held against it.
    assert _left(tmp_path / "b", RIGHT_CODE + "# It used to default to 100 sweetness.\n", RIGHT_README) == []


@pytest.mark.parametrize(("orders", "readme", "said"), [
    (RIGHT_CODE.replace("sweetness: int = 70", "sweetness: int = 100"), RIGHT_README, "orders.py: Drink.sweetness = 100"),
    (RIGHT_CODE.replace("sweetness=70", "sweetness=100"), RIGHT_README, "orders.py: make_drink(): sweetness=100"),
    (RIGHT_CODE.replace("defaults to 70.", "defaults to 100."), RIGHT_README, "orders.py: says the default is 100"),
    (RIGHT_CODE, README, "README.md: says the default is 100"),
])
def test_one_place_left_at_the_old_default_is_still_there(tmp_path: Path, orders: str, readme: str, said: str) -> None:
    found = _left(tmp_path, orders, readme)
    assert len(found) == 1 and said in found[0] and found[0].startswith("the old default 100")
