"""Undo and a mode change while a proposal waits, through the installed `smallops` in a terminal:
the conversation says `↶ undid …` and `approval mode: …` before that step's `✓ approved`, live and
in the replay of its log (a newcomer saw both below a later decision), and the read waiting on
screen is checked again after the undo."""

from __future__ import annotations

import re

from smallops_tui.lever_names import DEFAULT_NAME, parse_levers

from ..streams import token_turn
from .conftest import MODEL, ollama_routes, session_logs
from .terminal import Terminal

UNDID, MODE, APPROVED = "↶ undid the last change to CHANGES.md", "approval mode: auto-approve LOW", "✓ approved"


def conversation(term: Terminal) -> str:
    """The conversation pane's text (the left pane), its wrapped lines joined with spaces."""
    rows = [row.split("│")[1] for row in term.screen.display if row.startswith("│") and row.count("│") >= 2]
    return re.sub(r"\s+", " ", " ".join(rows))


def step_two(text: str) -> str:
    start = text.index("── step 2")
    end = text.find("── step 3", start)
    return text[start:end if end >= 0 else None]


def assert_in_order(text: str) -> None:
    places = [text.find(needle) for needle in (UNDID, MODE, APPROVED)]
    assert -1 not in places and places == sorted(places), text


def test_undo_and_a_mode_change_come_before_the_decision_live_and_in_replay(smallops_bin, app_env, calc_workspace,
                                                                            tmp_path, ollama) -> None:
    turns = [token_turn({"action": "write_file", "path": "CHANGES.md", "content": "- fixed add\n"}),
             token_turn({"action": "read_file", "path": "CHANGES.txt"}),
             token_turn({"action": "list_dir", "path": "."}),
             token_turn({"action": "done", "summary": "noted"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        # The default levers but `verify`: after the undo nothing differs from the start, and verify
        # would send the done back (DONE WITHOUT CHANGE; tests/functional/test_levers_form.py), its
        # words scrolling step 2 out of the pane this test reads.
        levers = ",".join(name for name in parse_levers(DEFAULT_NAME) if name != "verify")
        term = Terminal([str(smallops_bin), "run", "note the change", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL, "--levers", levers], app_env, calc_workspace, rows=50)
        try:
            term.wait_for(lambda s: "CHANGES.md" in s and "y approve" in s, "the write's proposal")
            # (y is pressed until step 1 has run, not until step 2 shows: a y pressed then would approve it)
            term.approve("wrote CHANGES.md", "the write to run")
            term.wait_for(lambda s: "step 2 · read_file" in s and "u undo" in s, "the read's proposal, u in the footer")
            term.press("u")
            term.wait_for(lambda s: "SHOWN AGAIN" in s and "u undo" not in s, "the read shown again, u gone")
            term.press("a")
            term.wait_for("AUTO-APPROVE LOW", "the mode in the status bar")
            term.approve("read_file failed", "the read to run")
            # Step 2's block is read once step 3's header follows it in the conversation pane: at
            # "step 4 · done" alone, a loaded machine had not yet drawn the end of step 2 (fresh-ci).
            term.wait_for(lambda s: "step 4 · done" in s and "── step 3" in conversation(term),
                          "the done proposal (list_dir went by itself), step 2 drawn whole")
            live = step_two(conversation(term))
            term.approve("SESSION ENDED", "the end")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
    assert_in_order(live)
    replay = Terminal([str(smallops_bin), "replay", str(session_logs(tmp_path)[0])], app_env, calc_workspace, rows=50)
    try:
        replay.wait_for("steps ", "the replay")
        replay.press_until("right", lambda s: "step 2/4" in s, "step 2")
        replayed = step_two(conversation(replay))
        replay.press("q")
        replay.wait_exit()
    finally:
        replay.kill()
    assert_in_order(replayed)
    assert replayed == live
