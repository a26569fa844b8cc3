"""The supervision TUI driven with Pilot against the replaying server, on a fixture workspace."""

from __future__ import annotations

from smallops_tui.agent import read_log
from smallops_tui.ui.screens.dialogs import EditScreen, RejectScreen, TaskScreen

from ..harness import run_app
from ..replay_server import Reply
from ..streams import turn
from ..waiting import wait_for
from smallops_tui.agent.log.events import ActionProposed, BackendError, Decision, Executed, Undone
from ..typed import live_screen, outcome_of, proposal_of, proposal_text_of, screen_of

FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


async def test_approve_a_read(workspace, tmp_path) -> None:
    turns = [turn({"action": "read_file", "path": "main.py"}, thinking="read it first"),
             turn({"action": "done", "summary": "looked"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        await h.approve(2)
        await h.ended()
        assert h.events(Executed)[0].summary == "read main.py: 5 lines"
        assert "return a - b" in h.request(1)["messages"][-1]["content"]
        turn_view = live_screen(h.app).turn_views()[0]
        assert turn_view.reasoning.text == "read it first"
        assert not turn_view.reasoning_open  # folded once the answer started
        assert "SESSION ENDED" in proposal_text_of(h.app).plain and "DONE WITHOUT CHANGE" in proposal_text_of(h.app).plain
    log = read_log(tmp_path / "log.jsonl")
    assert log.header.model == "test-model" and log.events[-1].type == "session_ended"


async def test_reject_a_write_with_a_reason_that_reaches_the_model(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": "print('hi')\n"}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("n")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, RejectScreen), "the reason input")
        await h.pilot.press(*"keep the print line")
        await h.pilot.press("enter")
        await h.proposal(2)
        assert "keep the print line" in h.request(1)["messages"][-1]["content"]
        assert (workspace.root / "main.py").read_text() != "print('hi')\n"


async def test_escape_in_the_reason_input_does_not_reject(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("n")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, RejectScreen), "the reason input")
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, RejectScreen), "the input to close")
        assert live_screen(h.app).awaiting_decision and not h.events(Decision)


async def test_edit_then_approve(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": "oops\n"}),
             turn({"action": "done", "summary": "fixed"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        assert "HIGH" in proposal_text_of(h.app).plain  # the model's destructive rewrite
        await h.pilot.press("e")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, EditScreen), "the editor")
        screen_of(h.app, EditScreen).editor.text = FIXED
        await h.pilot.press("ctrl+s")
        await h.proposal(2)  # re-validated, re-classified and re-diffed
        assert "MEDIUM" in proposal_text_of(h.app).plain and "edited by you" in proposal_text_of(h.app).plain
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(3)
        assert (workspace.root / "main.py").read_text() == FIXED
        # The done proposal shows the session's real net change beside the claim.
        from smallops_tui.ui.widgets.diff_view import DiffView

        shown = [line.plain for line in h.app.query_one(DiffView).header]
        assert shown[0] == "net change since the session started: modified: main.py"
        assert "+    return a + b" in shown
        proposed = h.events(ActionProposed)
        assert [p.source for p in proposed[:2]] == ["model", "person"]
        assert proposed[0].action["content"] == "oops\n" and proposed[1].action["content"] == FIXED


async def test_cancel_mid_stream(workspace, tmp_path) -> None:
    slow = turn({"action": "list_dir", "path": "."}, thinking="t" * 300, split="bytes", delay=0.01)
    async with run_app([slow, turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await wait_for(h.pilot, lambda: live_screen(h.app).turn_views() and live_screen(h.app).turn_views()[0].reasoning.text, "reasoning to stream")
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: h.events(BackendError), "the cancel to land")
        assert h.events(BackendError)[0].kind == "cancelled"
        await h.server.wait_for_early_close()
        await h.pilot.press("r")  # retry the turn
        await h.proposal(1)
        assert len(h.server.requests) == 2


async def test_high_command_needs_two_presses(workspace, tmp_path) -> None:
    turns = [turn({"action": "run_command", "command": "rm -rf build"}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        await h.pilot.pause()
        assert live_screen(h.app).awaiting_decision and (workspace.root / "build").exists()
        await h.confirm_if_high()
        await h.proposal(2)
        assert not (workspace.root / "build").exists()


async def test_holding_y_never_approves_a_high_action(workspace, tmp_path) -> None:
    """Issue 20, major 10: 50 `y` 20 ms apart, begun on a LOW read, approved the `rm -rf src`
    after it 381 ms after it appeared. The second press of a HIGH approval must come after the
    warning has been on screen a moment, and after a pause: a burst of one key never counts."""
    from smallops_tui.ui.widgets.approval import HIGH_CONFIRM_DELAY, KEY_RELEASE_GAP

    now = [1000.0]
    turns = [turn({"action": "read_file", "path": "main.py"}), turn({"action": "run_command", "command": "rm -rf src"}),
             turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        live_screen(h.app).clock = lambda: now[0]
        for _ in range(50):  # a held key: one press every 20 ms, on the app's clock
            await h.pilot.press("y")
            now[0] += 0.02
        await wait_for(h.pilot, lambda: live_screen(h.app).proposal is not None and proposal_of(h.app).is_high
                       and live_screen(h.app).approval.confirming_high, "the burst to reach the HIGH proposal")
        assert [e.decision for e in h.events(Decision)] == ["approve"]  # the read, and nothing else
        assert (workspace.root / "src").exists() and live_screen(h.app).awaiting_decision
        assert "let go of y, then press it again" in live_screen(h.app).approval.text
        # Lifted and pressed again at once: still too soon after the warning, and said so as such.
        now[0] += KEY_RELEASE_GAP
        await h.pilot.press("y")
        await h.pilot.pause()
        assert (workspace.root / "src").exists() and len(h.events(Decision)) == 1
        assert "wait a moment, then press y again" in live_screen(h.app).approval.text
        assert "let go" not in live_screen(h.app).approval.text
        # Held on for two more seconds: the warning is long on screen, but every press comes 20 ms
        # after the one before it.
        for _ in range(100):
            now[0] += 0.02
            await h.pilot.press("y")
        await h.pilot.pause()
        assert live_screen(h.app).approval.confirmable and (workspace.root / "src").exists() and len(h.events(Decision)) == 1
        # A deliberate press: after a pause, with the warning long on screen.
        now[0] += KEY_RELEASE_GAP
        assert live_screen(h.app).approval.confirmable
        await h.pilot.press("y")
        await h.proposal(3)
    assert not (workspace.root / "src").exists()
    assert HIGH_CONFIRM_DELAY >= 0.5 and KEY_RELEASE_GAP >= 0.3  # what a person notices; a held key repeats faster


async def test_y_before_arming_is_ignored_and_enter_space_never_approve(workspace, tmp_path, monkeypatch) -> None:
    # A long arming delay makes "before arming" certain however slow the machine is (a Pilot
    # keypress alone can take ~100 ms on a loaded CI box; 300 ms is too close to call).
    monkeypatch.setattr("smallops_tui.ui.widgets.approval.ARM_DELAY", 3.0)
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("y", "enter", "space")
        await h.pilot.pause()
        assert live_screen(h.app).awaiting_decision and not h.events(Decision)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("enter", "space")
        await h.pilot.pause()
        assert live_screen(h.app).awaiting_decision and not h.events(Decision)
        await h.pilot.press("y")
        await wait_for(h.pilot, lambda: h.events(Decision), "the approval")


async def test_undo(workspace, tmp_path) -> None:
    original = (workspace.root / "main.py").read_text()
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        await h.proposal(2)
        assert (workspace.root / "main.py").read_text() == FIXED
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.events(Undone), "the undo")
        assert (workspace.root / "main.py").read_text() == original
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(3)
        assert "undid the last change to main.py" in h.request(2)["messages"][-1]["content"]


async def test_parse_failure_shown_with_its_raw_reply(workspace, tmp_path) -> None:
    raw = 'Sure! {"action": "fix_bug", "path": "main.py"}'
    async with run_app([turn(raw), turn({"action": "done", "summary": "x"})], workspace, tmp_path) as h:
        await h.proposal(1)
        shown = proposal_text_of(h.app).plain
        assert "PARSE FAILURE" in shown and "unknown_action" in shown and raw in shown
        assert "closest valid action is \"write_file\"" in shown
        await h.approve(1)
        await h.proposal(2)
        assert "could not be used" in h.request(1)["messages"][-1]["content"]


async def test_markup_and_escape_sequences_are_shown_literally(workspace, tmp_path) -> None:
    summary = "[red]fixed[/red] [link=file:///etc/passwd]x[/link] \x1b[31mred\x1b[0m [bold]"
    raw = '{"action": "done", "summary": "' + summary + '"}'  # real ESC bytes in the model's text
    async with run_app([turn(raw)], workspace, tmp_path) as h:
        await h.proposal(1)
        text = proposal_text_of(h.app)
        assert "[red]fixed[/red]" in text.plain and "[link=file:///etc/passwd]x[/link]" in text.plain
        assert "\\x1b[31mred" in text.plain and "\x1b" not in text.plain
        assert not any("link" in str(span.style) or "red" == str(span.style) for span in text.spans)
        answer = live_screen(h.app).turn_views()[0].answer.text
        assert "[red]fixed[/red]" in answer and "\\x1b[31m" in answer and "\x1b" not in answer
        screen = h.app.export_screenshot()
        assert "[red]fixed[/red]" in screen


async def test_task_typed_into_the_app(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path, task=None) as h:
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, TaskScreen), "the task prompt")
        await h.pilot.press(*"list files", "enter")
        await h.proposal(1)
        assert "list files" in h.request(0)["messages"][1]["content"]


async def test_backend_error_is_shown_and_the_turn_can_be_retried(workspace, tmp_path) -> None:
    turns = [Reply("ollama_error_midstream.ndjson"), turn({"action": "list_dir", "path": "."})]
    async with run_app(turns, workspace, tmp_path) as h:
        await wait_for(h.pilot, lambda: h.events(BackendError), "the error")
        assert "backend error (stream_error)" in proposal_text_of(h.app).plain
        await wait_for(h.pilot, lambda: "r: retry" in live_screen(h.app).approval.text, "the retry key offered")
        await h.pilot.press("r")
        await h.proposal(1)


async def test_stop_ends_the_session_with_a_summary(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("s")
        await h.ended()
        assert outcome_of(h.app).status == "stopped" and "SESSION ENDED" in proposal_text_of(h.app).plain


async def test_narrow_terminal_stacks_the_panes(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path, size=(80, 24)) as h:
        await h.proposal(1)
        conversation = h.app.query_one("#conversation-pane").region
        right = h.app.query_one("#right").region
        assert right.y >= conversation.bottom  # stacked, not side by side


async def test_follows_the_stream_until_the_person_scrolls_up(workspace, tmp_path) -> None:
    long_answer = "x" * 40
    turns = [turn({"action": "list_dir", "path": "."}, thinking="line\n" * 3) for _ in range(6)]
    async with run_app(turns, workspace, tmp_path, size=(100, 24)) as h:
        for n in range(1, 5):
            await h.approve(n)
        await h.proposal(5)
        conversation = h.app.query_one("#conversation")
        assert conversation.max_scroll_y > 0 and conversation.scroll_y == conversation.max_scroll_y
        conversation.scroll_home(animate=False)
        await h.pilot.pause()
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(6)
        assert conversation.scroll_y < conversation.max_scroll_y  # the person's position is kept
        await h.pilot.press("end")
        await h.pilot.pause()
        assert conversation.scroll_y == conversation.max_scroll_y
        assert long_answer


async def test_question_mark_opens_help(workspace, tmp_path) -> None:
    from smallops_tui.ui.screens.dialogs import HelpScreen

    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("question_mark")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, HelpScreen), "the help screen")
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, HelpScreen), "help to close")
        assert live_screen(h.app).awaiting_decision


async def test_reasoning_toggle_diff_mode_hunks_and_status_bar(workspace, tmp_path) -> None:
    from smallops_tui.ui.widgets.diff_view import DiffView
    from smallops_tui.ui.widgets.status import StatusBar

    lines = [f"line {i}\n" for i in range(60)]
    (workspace.root / "long.txt").write_text("".join(lines))
    changed = [f"CHANGED {i}\n" if i % 15 == 5 else line for i, line in enumerate(lines)]  # 4 hunks
    turns = [turn({"action": "write_file", "path": "long.txt", "content": "".join(changed)}, thinking="two edits")]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        bar = h.app.query_one(StatusBar)
        status = "  ".join(bar.full_texts.values())  # all it has to say (what gives way at 120: test_widths.py)
        for part in ("ollama · test-model", "constrained on", "step 1/20", "80 tok/s", "log.jsonl"):
            assert part in status
        assert bar.text in str(bar.render())
        turn_view = live_screen(h.app).turn_views()[0]
        assert not turn_view.reasoning_open  # folded when the answer started
        await h.pilot.press("t")  # the first t does something visible: the folded reasoning opens
        assert turn_view.reasoning_open and any(c == "turn--reasoning" for _, c, _ in turn_view.rows())
        await h.pilot.press("t")  # t again: all folded
        assert not turn_view.reasoning_open and not any(c == "turn--reasoning" for _, c, _ in turn_view.rows())
        view = h.app.query_one(DiffView)
        await wait_for(h.pilot, lambda: view.model is not None, "the diff")
        assert view.mode == "unified"  # the pane is narrower than side-by-side needs
        assert len(view.hunk_rows) == 4 and view.max_scroll_y > 0
        await h.pilot.press("right_square_bracket")  # from the top: the first hunk, under the title
        await h.pilot.pause()
        assert view.scroll_offset.y == view.hunk_rows[0]
        await h.pilot.press("right_square_bracket")
        await h.pilot.pause()
        assert view.scroll_offset.y == min(view.hunk_rows[1], view.max_scroll_y)
        await h.pilot.press("left_square_bracket")
        await h.pilot.pause()
        assert view.scroll_offset.y == view.hunk_rows[0]
        await h.pilot.press("d")
        assert view.mode == "split"
        await h.pilot.press("d")
        assert view.mode == "unified"


async def test_saving_an_untouched_edit_keeps_the_proposal_byte_for_byte(workspace, tmp_path) -> None:
    mixed = "a = 1\r\nb = 2\nc = '\u202e'\r\n"  # mixed line endings, and a hidden character
    turns = [turn({"action": "write_file", "path": "m.py", "content": mixed}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("e")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, EditScreen), "the editor")
        assert "hidden characters" in screen_of(h.app, EditScreen).warning and "⟨U+202E⟩" in screen_of(h.app, EditScreen).warning
        await h.pilot.press("ctrl+s")  # no change made
        await h.proposal(2)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.confirm_if_high()
        await h.proposal(3)
    assert (workspace.root / "m.py").read_bytes() == mixed.encode()
