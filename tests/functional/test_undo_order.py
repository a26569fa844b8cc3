"""Undo and order: `u` is in the footer only while there is something to undo (and says "nothing
to undo" when pressed without), an undo and a mode change made while a proposal waits are shown
before that proposal's decision, live and in replay, in the log's order, and a pending read is
checked again after an undo (its MISSING PATH names what is there now, not the file undone)."""

from __future__ import annotations

from smallops_tui.agent import read_log
from smallops_tui.agent.history.replay import Replay
from smallops_tui.ui.widgets.footer import FittingFooter

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from ..apps import replay_app
from smallops_tui.agent.log.events import ApprovalModeChanged, Undone
from ..typed import live_screen, panes_of, proposal_of, replay_screen

CHANGES = {"action": "write_file", "path": "CHANGES.md", "content": "- fixed add\n"}


def step_text(texts: list[str], step: int) -> str:
    """What the conversation shows of `step`: its turn and the lines after it, up to the next step."""
    start = next(n for n, text in enumerate(texts) if text.startswith(f"── step {step}\n"))
    end = next((n for n, text in enumerate(texts) if n > start and text.startswith("── step ")), len(texts))
    return "\n".join(texts[start:end])


def in_order(text: str, *needles: str) -> bool:
    places = [text.find(needle) for needle in needles]
    assert -1 not in places, f"{needles[places.index(-1)]!r} is not shown:\n{text}"
    return places == sorted(places)


async def test_undo_then_a_mode_change_show_before_the_decision_live_and_in_replay(workspace, tmp_path) -> None:
    turns = [turn(CHANGES), turn({"action": "read_file", "path": "CHANGES.txt"}), turn({"action": "list_dir", "path": "."}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        footer = h.app.query_one(FittingFooter)
        await h.proposal(1)
        assert "undo" not in footer.shown_actions  # nothing applied yet
        await h.approve(1)
        await h.proposal(2)
        flag = proposal_of(h.app).flags[0].message
        assert flag.startswith("CHANGES.txt does not exist; nearest existing: CHANGES.md")
        await wait_for(h.pilot, lambda: "undo" in footer.shown_actions, "u in the footer")
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.events(Undone) and live_screen(h.app).rendered_proposals >= 3, "the read shown again")
        # Checked again: CHANGES.md is gone, so it is no longer offered as the nearest name.
        again = proposal_of(h.app)
        assert again.note.startswith("shown again: the workspace changed (an undo)")
        assert "CHANGES.md" not in again.flags[0].message
        assert again.flags[0].message.startswith("CHANGES.txt does not exist")
        await wait_for(h.pilot, lambda: "undo" not in footer.shown_actions, "u to leave the footer")
        await h.pilot.press("u")  # nothing left: said, not silently ignored
        await wait_for(h.pilot, lambda: any("nothing to undo" in n.message for n in h.app._notifications),
                       "the nothing-to-undo notice")
        await h.pilot.press("a")  # auto-approve LOW; the flagged read still waits for the person
        await wait_for(h.pilot, lambda: h.events(ApprovalModeChanged), "the mode change")
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "the approve key to arm")
        await h.pilot.press("y")
        # list_dir goes by itself; done waits
        await wait_for(h.pilot, lambda: live_screen(h.app).awaiting_decision
                       and (action := proposal_of(h.app).action) is not None and action.action == "done",
                       "the done proposal", seconds=20)
        live = panes_of(h.app).conversation_texts()
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "the approve key to arm")
        await h.pilot.press("y")
        await h.ended()
    order = ("↶ undid the last change to CHANGES.md", "approval mode: auto-approve LOW", "✓ approved")
    assert in_order(step_text(live, 2), *order), step_text(live, 2)
    # The log's order is the screen's: the undo, the mode, then the decision of that step.
    types = [e.type for e in read_log(tmp_path / "log.jsonl").events if e.step == 2 and e.type in
             ("undone", "approval_mode_changed", "decision")]
    assert types == ["undone", "approval_mode_changed", "decision"]
    replay = replay_app(Replay.load(tmp_path / "log.jsonl"))
    async with replay.run_test(size=(120, 40)) as pilot:
        replay_screen(replay).goto(3)
        await pilot.pause()
        replayed = panes_of(replay).conversation_texts()
    assert in_order(step_text(replayed, 2), *order)
    assert replayed == live[:len(replayed)]


async def test_u_leaves_the_footer_when_the_last_change_is_undone_under_a_pending_command(workspace,
                                                                                          tmp_path) -> None:
    # (a pending command is not shown again after an undo: only the footer can say that u is spent)
    turns = [turn(CHANGES), turn({"action": "run_command", "command": "ls"})]
    async with run_app(turns, workspace, tmp_path) as h:
        footer = h.app.query_one(FittingFooter)
        await h.approve(1)
        await h.proposal(2)
        await wait_for(h.pilot, lambda: "undo" in footer.shown_actions, "u in the footer")
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.events(Undone), "the undo")
        await wait_for(h.pilot, lambda: "undo" not in footer.shown_actions, "u to leave the footer")
        assert live_screen(h.app).awaiting_decision and live_screen(h.app).rendered_proposals == 2  # the command still waits, as it was
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: any("nothing to undo" in n.message for n in h.app._notifications),
                       "the nothing-to-undo notice")
