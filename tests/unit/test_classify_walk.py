"""Issue 31's bound on the walk of classify(action): at most 6 files entered and 6 returns, read
off a real run with sys.settrace (tests/classify_walk.py), through the risk judge's own files.

Every shape is within it: reads, listings, edits and every command line, down to nested shells
handing make a command line, a download fed to a shell and a script written and run (the last
three came within it when the interpreter's judge moved into command_risk.py, the files a line
writes and runs into classify.py, and make's judge and the network's read their words before
they hand a value down or call back). A shape that goes over is held in OVER_THE_BOUND to the walk
measured then (it may not grow) and marked to fail as soon as it comes within the bound.
"""

from __future__ import annotations

import pytest

from smallops_tui.agent import Workspace
from smallops_tui.agent.reply.kinds import Action

from ..classify_walk import MAX_FILES, MAX_RETURNS, RISK, SHAPES, folded, make_workspace, walk

# label: (files, returns) of the walk through agent/risk/ when this was written; none is over now.
OVER_THE_BOUND: dict[str, tuple[int, int]] = {}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return make_workspace(tmp_path_factory.mktemp("walk") / "ws")


def _marks(label: str) -> list[pytest.MarkDecorator]:
    if label not in OVER_THE_BOUND:
        return []
    return [pytest.mark.xfail(strict=True, reason=f"still over the bound: {OVER_THE_BOUND[label]} (files, returns)")]


EVERY_SHAPE = [pytest.param(label, action, id=label, marks=_marks(label)) for label, action in SHAPES]
OVER = [pytest.param(label, action, id=label) for label, action in SHAPES if label in OVER_THE_BOUND]


@pytest.mark.parametrize("label,action", EVERY_SHAPE)
def test_a_walk_of_classify_enters_at_most_6_files_with_at_most_6_returns(label: str, action: Action,
                                                                         workspace: Workspace) -> None:
    risk = walk(action, workspace).within(RISK)
    assert risk.entered <= MAX_FILES and risk.returns <= MAX_RETURNS, (label, risk.entered, risk.returns,
                                                                        " -> ".join(risk.files))


@pytest.mark.parametrize("label,action", OVER)
def test_a_walk_still_over_the_bound_grows_no_longer(label: str, action: Action, workspace: Workspace) -> None:
    files, returns = OVER_THE_BOUND[label]
    risk = walk(action, workspace).within(RISK)
    assert risk.entered <= files and risk.returns <= returns, (label, risk.entered, risk.returns,
                                                                " -> ".join(risk.files))


def test_the_walk_counts_files_and_returns_as_the_issue_does() -> None:
    """The counting itself, on a made-up walk: a -> b -> a -> c -> b enters 3 files with 2 returns;
    repeats in a row are one visit."""
    walked = folded(["a", "a", "b", "a", "c", "c", "b"])
    assert walked.files == ("a", "b", "a", "c", "b") and (walked.entered, walked.returns) == (3, 2)
    assert walked.within("b").files == ("b",)
