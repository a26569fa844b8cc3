"""UNHINTED (agent/session/hint_checks.py): a task that asks for type hints, and functions of its
files still without them at done."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.hint_checks import unhinted

BLENDING = '''"""Blends."""


def parse_part(text):
    return text


def blend_volume(parts: list[tuple[float, float]]) -> float:
    return sum(p[0] for p in parts)


class Blend:
    def __init__(self, name, parts):
        self.name = name

    def share(self, index: int) -> float:
        return 0.0

    @classmethod
    def empty(cls, *args, **kwargs):
        return cls("", [])
'''
TASK = "Add type hints to every function and method in cellar/blending.py, without changing what the code does."


def test_every_function_without_a_hint_is_listed_with_what_it_lacks() -> None:
    [finding] = unhinted(TASK, [("cellar/blending.py", BLENDING)])
    assert finding.kind == "not_hinted"
    assert finding.text == ("the task asks for type hints, and 3 of 5 functions still lack them: parse_part (text, "
                            "return); Blend.__init__ (name, parts); Blend.empty (args, kwargs, return)")


def test_a_task_naming_functions_is_held_to_those() -> None:
    assert unhinted("Add type annotations to blend_volume and share.", [("cellar/blending.py", BLENDING)]) == []
    [finding] = unhinted("Annotate parse_part.", [("cellar/blending.py", BLENDING)])
    assert finding.text.endswith("1 of 1 functions still lack them: parse_part (text, return)")


@pytest.mark.parametrize("task, files", [
    ("Fix the rounding in blend_volume.", [("cellar/blending.py", BLENDING)]),  # no typing task
    # heldout31's i09 kit: "typing" as what people do, not what to add
    ("Club members keep typing `python -m fold` instead of `python -m fold.plan`. Make `python -m fold` do the same.",
     [("cellar/blending.py", BLENDING)]),
    ("Save the members some typing: make `python -m fold` run the plan.", [("cellar/blending.py", BLENDING)]),
    ("Typing `python -m fold.plan` every day is more typing than anyone wants.", [("cellar/blending.py", BLENDING)]),
    ("Cut down the typing for the common case.", [("cellar/blending.py", BLENDING)]),
    (TASK, [("cellar/blending.py", "def f(x: int) -> int:\n    return x\n")]),  # all hinted
    (TASK, [("cellar/blending.py", "def broken(:\n")]),  # does not parse: not judged
    (TASK, []),
])
def test_no_finding(task: str, files: list[tuple[str, str]]) -> None:
    assert unhinted(task, files) == []


@pytest.mark.parametrize("task", ["It's a pure typing pass over cellar/blending.py, so no behaviour changes.",
                                  "Add typing to cellar/blending.py.", "Add typing annotations to parse_part."])
def test_typing_asked_for_as_a_noun_is_a_hints_task(task: str) -> None:
    assert unhinted(task, [("cellar/blending.py", BLENDING)]) != []


def test_several_files_name_their_file() -> None:
    [finding] = unhinted("Add type hints to the package.", [("a.py", "def f(x):\n    pass\n"),
                                                              ("b.py", "def g() -> None:\n    pass\n")])
    assert finding.text.endswith("1 of 2 functions still lack them: a.py: f (x, return)")


MATS = '''class MatRack:
    def __init__(self, count: int, fee: float = 1.5) -> None:
        self.fee = fee
        self.free = list(range(1, count + 1))
        self.lent = {}

    def lend(self, name: str) -> int:
        mat = self.free.pop(0)
        self.lent[name] = mat
        return mat
'''
MATS_TASK = ("Add type hints to the MatRack class in studio/mats.py: the parameters and return type of every "
             "method, and its three attributes (fee, free and lent).")


def test_attributes_the_task_names_are_read_too() -> None:
    """heldout19's q05, after its run: every method hinted, none of the three attributes."""
    [found] = unhinted(MATS_TASK, [("studio/mats.py", MATS)])
    assert "3 of 5 functions and attributes" in found.text and "MatRack.fee (attribute)" in found.text
    hinted = MATS.replace("self.fee = fee", "self.fee: float = fee").replace(
        "self.free = list", "self.free: list[int] = list").replace("self.lent = {}", "self.lent: dict[str, int] = {}")
    assert unhinted(MATS_TASK, [("studio/mats.py", hinted)]) == []
    in_the_class = MATS.replace("class MatRack:\n", "class MatRack:\n    fee: float\n    free: list[int]\n"
                                "    lent: dict[str, int]\n\n")
    assert unhinted(MATS_TASK, [("studio/mats.py", in_the_class)]) == []


def test_attributes_are_not_asked_for_where_the_task_does_not_speak_of_them() -> None:
    assert unhinted("Add type hints to every method of MatRack in studio/mats.py.", [("studio/mats.py", MATS)]) == []


def test_a_hint_of_any_is_no_hint() -> None:
    """Every held-out kit with a hints task has a wrong answer that hints a float as Any: the tests
    pass, and the hint tells a reader nothing. `*args`/`**kwargs` may be Any."""
    code = ("from typing import Any\n\n\ndef ascent(depth: Any, rate: float, *args: Any, **kw: Any) -> float:\n"
            "    return depth / rate\n\n\ndef stop(depth: float) -> 'object':\n    return depth\n")
    [found] = unhinted("Add type hints to every function in planner.py.", [("planner.py", code)])
    assert found.text == ("the task asks for type hints, and 2 of 2 functions still lack them (a hint of Any or "
                          "object says nothing): ascent (depth: Any); stop (return: object)")
    precise = code.replace("depth: Any", "depth: float").replace("-> 'object'", "-> float")
    assert unhinted("Add type hints to every function in planner.py.", [("planner.py", precise)]) == []


def test_a_default_of_none_the_hint_does_not_admit_is_no_hint() -> None:
    """heldout23's kit: `on: date = None` where `on: Optional[date] = None` was meant."""
    code = ("from datetime import date\nfrom typing import Optional, Union\n\n\n"
            "def casks(on: date = None, a: Optional[date] = None, b: 'date | None' = None, c: Union[int, None] = None,\n"
            "          d: 'Cask' = None, *, e: int = None, f: str = 'x') -> int:\n    return 1\n")
    [found] = unhinted("Add type hints to every function in casks.py.", [("casks.py", code)])
    assert found.text.endswith("(a default of None the hint does not admit is no hint of it): casks (on: date = None, "
                               "e: int = None)"), found.text
