"""`rejected` answers a proposal the person rejected when the model sends it again. A `done` is its
claim as the workspace stood: a new user who rejected one `done` in a clone of this repository saw no
later one (steps 8-12 answered unseen, different summaries each), and the session could not end."""

from __future__ import annotations

from pathlib import Path

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.log.events import Decision
from smallops_tui.agent.reply.kinds import Done, RunCommand
from smallops_tui.agent.session.config import SessionConfig
from smallops_tui.agent.session.guards import SessionHistory
from smallops_tui.agent.session.levers.part import Levers


def _rejected_at_one(tmp_path: Path, action: Done | RunCommand) -> tuple[Levers, SessionHistory]:
    levers = Levers(SessionConfig(task="say what this project does", levers=("rejected",)), Workspace(tmp_path))
    history = SessionHistory(baseline={})
    levers.memory.proposed[1] = action
    levers.remember(Decision(step=1, decision="reject", reason="say what it does"), history)
    return levers, history


def test_the_same_done_sent_again_is_answered_and_another_claim_is_shown(tmp_path: Path) -> None:
    levers, history = _rejected_at_one(tmp_path, Done(summary="Listed the files."))
    again = levers._answer(Done(summary="Listed  the files."), 2, history)  # whitespace is no new claim
    assert again is not None and "rejected at step 1" in again.note
    assert levers._answer(Done(summary="It is a terminal app that supervises a small model."), 3, history) is None


def test_a_rejected_done_is_shown_again_once_the_workspace_changed(tmp_path: Path) -> None:
    levers, history = _rejected_at_one(tmp_path, Done(summary="Fixed."))
    history.changes += 1  # an approved edit since the rejection
    assert levers._answer(Done(summary="Fixed."), 3, history) is None


def test_a_rejected_command_sent_again_is_still_answered(tmp_path: Path) -> None:
    levers, history = _rejected_at_one(tmp_path, RunCommand(command="rm -rf ."))
    history.changes += 1
    assert levers._answer(RunCommand(command="rm -rf ."), 2, history) is not None
