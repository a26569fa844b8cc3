"""The end of a session says what the disk says: an answer that changed nothing is not told it
"changed files" (a new user's question session showed "files changed or created: none" and then
"the claim matches the disk: files changed")."""

from __future__ import annotations

from smallops_tui.agent.log.events import SessionEnded
from smallops_tui.agent.session.fold import ended_lines


def _text(event: SessionEnded) -> str:
    return "\n".join("".join(text for text, _ in line) for line in ended_lines(event))


def test_an_answer_that_changed_nothing_is_said_so() -> None:
    said = _text(SessionEnded(step=3, reason="done", summary="It returns the sessions folder."))
    assert "files changed or created: none" in said
    assert "no file changed and no guard fired" in said and "files changed and no guard" not in said


def test_a_done_that_changed_files_unflagged_matches_the_disk() -> None:
    said = _text(SessionEnded(step=3, reason="done", summary="Fixed.", modified=["app.py"]))
    assert "files changed or created: app.py" in said
    assert "the claim matches the disk: files changed and no guard fired" in said
