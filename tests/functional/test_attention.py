"""The signal when the app waits (Pilot, against the replaying server): the terminal's title follows
the session and says what waits; with the terminal out of focus, a new wait rings the bell and
(where the terminal shows one) sends a notification, once per wait; settings switch each off; and
what the model wrote reaches the title only visibly."""

from __future__ import annotations

import asyncio

import pytest
from textual import events

from smallops_tui.agent.session.decisions import Proposal
from smallops_tui.agent.reply.kinds import RunCommand
from smallops_tui.ui.attention import Signals, notification_sequence, one_line, waiting_title

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from ..typed import live_screen

HIGH = {"action": "run_command", "command": "rm -rf build"}
LIST = {"action": "list_dir", "path": "."}
DONE = {"action": "done", "summary": "nothing to fix"}


async def reject(h, n: int) -> None:
    await h.proposal(n)
    await wait_for(h.pilot, lambda: h.app.main.armed, "arming")
    await h.pilot.press("n")
    await h.pilot.press("enter")


async def test_the_title_follows_the_session_and_says_what_waits(workspace, tmp_path) -> None:
    turns = [turn(HIGH, thinking="Clean the build first."), turn(DONE)]
    async with run_app(turns, workspace, tmp_path) as h:
        attention = h.app.attention
        await h.proposal(1)
        assert attention.titles[-1] == "smallops — waiting: HIGH rm -rf build"
        assert "smallops — step 1 · streaming" in attention.titles
        await reject(h, 1)
        await h.proposal(2)
        assert attention.titles[-1] == "smallops — waiting: done? nothing to fix"
        assert "smallops — step 2 · streaming" in attention.titles
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.ended()
        assert attention.titles[-1] == "smallops — done"
        assert attention.signals == []  # the person was looking all along: no bell, no notification


async def look_away_while_the_model_works(h, n: int, release: asyncio.Event) -> None:
    """Reject proposal `n` (a key: the app is in focus), then, while the next reply is held back by
    the server, the person goes to another window; then the reply comes."""
    await reject(h, n)
    await wait_for(h.pilot, lambda: len(h.server.requests) > n, "the next request")
    h.app.post_message(events.AppBlur())
    await wait_for(h.pilot, lambda: not h.app.app_focus, "the blur")
    release.set()
    await h.proposal(n + 1)


async def test_a_person_looking_elsewhere_is_called_once_per_wait(workspace, tmp_path) -> None:
    release = asyncio.Event()
    turns = [turn(LIST), turn(HIGH, stall_after=1, release=release, stall_seconds=60), turn(LIST), turn(DONE)]
    async with run_app(turns, workspace, tmp_path) as h:
        attention = h.app.attention
        attention.environ = {"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}  # a terminal that notifies
        await look_away_while_the_model_works(h, 1, release)
        assert attention.signals == ["bell", "notify: waiting: HIGH rm -rf build"]
        h.app.post_message(events.AppFocus())
        await wait_for(h.pilot, lambda: h.app.app_focus, "the person back")
        await reject(h, 2)
        await h.proposal(3)
        assert attention.signals == ["bell", "notify: waiting: HIGH rm -rf build"]  # looking: nothing more


@pytest.mark.parametrize("signals, called, titled", [
    (Signals(title=False, bell=False, notify=False), [], False),
    (Signals(notify=False), ["bell"], True),
    (Signals(bell=False), ["notify: waiting: HIGH rm -rf build"], True),
], ids=["all off", "no notification", "no bell"])
async def test_settings_switch_each_signal_off(signals, called, titled, workspace, tmp_path) -> None:
    release = asyncio.Event()
    turns = [turn(LIST), turn(HIGH, stall_after=1, release=release, stall_seconds=60), turn(DONE)]
    async with run_app(turns, workspace, tmp_path, signals=signals) as h:
        attention = h.app.attention
        attention.environ = {"TERM_PROGRAM": "WezTerm"}
        await look_away_while_the_model_works(h, 1, release)
        assert attention.signals == called
        assert attention.titles[-1:] == (["smallops — waiting: HIGH rm -rf build"] if titled else [])


def test_what_the_model_wrote_reaches_the_title_only_visibly() -> None:
    command = "echo hi\x1b]2;pwned\x07\x1b[2J\u202e\n" + "x" * 200
    title = one_line(waiting_title(Proposal(step=1, raw="", action=RunCommand(command=command))))
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in title), repr(title)
    assert "\u202e" not in title and "\\x1b]2;pwned\\x07" in title
    assert len(title) == 80 and title.endswith("…")
    sequence = notification_sequence("smallops — waiting: " + command, {"TERM_PROGRAM": "iTerm.app"})
    body = sequence.removeprefix("\x1b]9;").removesuffix("\x07")
    assert sequence.startswith("\x1b]9;") and not any(ord(c) < 32 for c in body), repr(sequence)


def test_a_notification_goes_only_to_terminals_known_to_show_one() -> None:
    text = "smallops — waiting: HIGH rm -rf build; then go"
    assert notification_sequence(text, {"TERM_PROGRAM": "WezTerm"}) == \
        "\x1b]9;smallops — waiting: HIGH rm -rf build, then go\x07"
    assert notification_sequence(text, {"TERM": "xterm-kitty"}).startswith("\x1b]99;;")
    assert notification_sequence(text, {"TERM": "foot"}).startswith("\x1b]777;notify;smallops;")
    assert notification_sequence(text, {"TERM": "xterm-256color"}) == ""  # unknown: it could print it
    assert notification_sequence(text, {"TERM": "tmux-256color", "TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/x"}) == ""
