"""Hard-coded risk rules. The model's opinion of its own action never counts.

`classify(action)` is a pipeline by the action's kind: a path is checked first (control
characters, outside the workspace: refused), then a read or a listing is LOW, an edit is judged
from its preview (edit_risk.py), and a command line by the command judge (command_risk.py),
which reads the shell and never sees an edit. Each stage adds the rules that fire to one
`Findings`; the verdict's level is the highest among them (rules.py), so an action is as risky
as its riskiest part.
"""

from __future__ import annotations

from typing import assert_never

from ..files.edits import EditPreview
from ..files.workspace import PathEscape, Workspace
from ..reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand, path_problem
from .command_risk import CommandJudge
from .command_tables import COMMAND_RULES, CommandPattern
from .edit_risk import judge_edit, wiped_lines
from .rules import LEVELS, RULES, Findings, Level, RiskVerdict, Rule, one_level_higher

__all__ = ["COMMAND_RULES", "CommandPattern", "LEVELS", "Level", "RULES", "RiskVerdict", "Rule", "classify",
           "one_level_higher", "wiped_lines"]


def classify(action: Action, workspace: Workspace, preview: EditPreview | None = None) -> RiskVerdict:
    """The risk of an action in a workspace, by the hard-coded rules alone.

    `preview` is the edit's before/after/diff when the caller has it already (it is computed once
    per proposal and shared by the risk rules, the guards and the diff view).
    """
    match action:
        case RunCommand(command=command):
            return CommandJudge(workspace).findings(command).verdict()
        case Done():
            return Findings.of("done.claim").verdict()
    found = Findings()
    if problem := path_problem(action.path):  # actions are checked when made; one built unchecked is refused here
        found.add("path.control_characters", problem)
        return found.verdict()
    try:
        rel = workspace.relative(action.path)
    except PathEscape as exc:
        found.add("path.outside_workspace", str(exc))
        return found.verdict()
    match action:
        case ReadFile():
            found.add("read.file", rel)
        case ListDir():
            found.add("read.listing", rel)
        case EditAction():
            judge_edit(action, rel, workspace, preview, found)
        case _:
            assert_never(action)
    return found.verdict()
