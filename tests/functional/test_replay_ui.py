"""Replay in the same panes: what it shows at step k is what the live session showed at step k."""

from __future__ import annotations


from smallops_tui.agent.history.replay import Replay

from ..streams import turn
from ..harness import run_app
from ..waiting import wait_for
from ..conftest import SESSIONS
from ..apps import replay_app
from ..typed import live_screen, proposal_text_of, replay_screen

FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


async def test_each_step_shows_what_the_live_session_showed(workspace, tmp_path) -> None:
    turns = [turn({"action": "read_file", "path": "main.py"}, thinking="look first"),
             turn({"action": "write_file", "path": "main.py", "content": "x\n"}, thinking="rewrite it"),
             turn({"action": "run_command", "command": "python3 main.py", "output": "5"}),
             turn({"action": "done", "summary": "done"})]
    live: dict[int, str] = {}
    async with run_app(turns, workspace, tmp_path) as h:
        for n in range(1, 5):
            await h.proposal(n)
            live[n] = proposal_text_of(h.app).plain.rsplit("\n", 1)[0].rstrip("\n")  # without the keys line
            await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
            await h.pilot.press("y")
            await h.confirm_if_high()
        await h.ended()
        live_reasoning = [t.reasoning.text for t in live_screen(h.app).turn_views()]
        live_answers = [t.answer.text for t in live_screen(h.app).turn_views()]
    assert "DESTRUCTIVE REWRITE" in live[2] and "SUSPICIOUS" in live[3]

    app = replay_app(Replay.load(tmp_path / "log.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for n in range(1, 5):
            if n > 1:
                await pilot.press("right")
            await pilot.pause()
            assert replay_screen(app).current == n
            assert proposal_text_of(app).plain.startswith(live[n]), (n, proposal_text_of(app).plain, live[n])
        assert replay_screen(app).turn_texts() == list(zip(live_reasoning, live_answers, strict=True))
        assert "SESSION ENDED · done" in proposal_text_of(app).plain
        from smallops_tui.ui.widgets.diff_view import DiffView

        net = [line.plain for line in app.query_one(DiffView).header]
        assert net[0].startswith("net change since the session started: modified: main.py") and "+x" in net
        # Back is instant: the last step's widgets are removed, the earlier ones untouched.
        kept = replay_screen(app).views[0]
        await pilot.press("left", "left")
        await pilot.pause()
        assert replay_screen(app).current == 2 and len(replay_screen(app).views) == 2 and replay_screen(app).views[0] is kept
        assert proposal_text_of(app).plain.startswith(live[2])
        await pilot.press("home")
        assert replay_screen(app).current == 0
        await pilot.press("end")
        assert replay_screen(app).current == 4
        await pilot.press("3", "g")
        await pilot.pause()
        assert replay_screen(app).current == 3 and proposal_text_of(app).plain.startswith(live[3])


async def test_play_at_16x_to_the_end() -> None:
    replay = Replay.load(SESSIONS / "every-failure-mode.jsonl")
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("home")
        await pilot.press("plus", "plus", "plus", "plus", "plus")
        from smallops_tui.ui.screens.replay import SPEEDS

        assert SPEEDS[replay_screen(app).speed_index] == 16.0
        await pilot.press("space")
        await wait_for(pilot, lambda: replay_screen(app).current == len(replay.steps) and not replay_screen(app).playing, "playback to the end",
                       seconds=60)
        assert len(replay_screen(app).views) == len(replay.steps)
        assert "SESSION ENDED" in proposal_text_of(app).plain


async def test_pause_mid_step_shows_the_whole_step() -> None:
    app = replay_app(Replay.load(SESSIONS / "fix-add-clean.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("home", "minus", "minus", "minus", "minus")  # 0.25×: slow enough to catch
        await pilot.press("space")
        await wait_for(pilot, lambda: len(replay_screen(app).views) == 1, "the first step to start playing")
        await pilot.press("space")
        # Paused mid-step, the view settles on whole steps (a slow machine may be a step further on).
        await wait_for(pilot, lambda: not replay_screen(app).playing and replay_screen(app).current >= 1 and len(replay_screen(app).views) == replay_screen(app).current,
                       "the pause to settle on whole steps")
        assert replay_screen(app).turn_texts()[0][0] == "Read the file before changing it."


async def test_a_cut_off_log_replays_and_says_so(tmp_path) -> None:
    log = tmp_path / "torn.jsonl"
    data = (SESSIONS / "every-failure-mode.jsonl").read_bytes()
    log.write_bytes(data[: len(data) - 30])
    replay = Replay.load(log)
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        assert replay_screen(app).current == len(replay.steps)
        notes = [str(s.render()) for s in app.query(".outcome-failed")]
        assert any("cut-off line" in n for n in notes)
