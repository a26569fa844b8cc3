"""A conversation through the installed `smallops` in a terminal: after `done`, a second task typed
in the same session reaches the model with the first task's conversation (the requests the
scripted Ollama received say so); a replay of the log shows both tasks; and `run --continue`
reopens the logged session for a third task, in the same log, with everything before it."""

from __future__ import annotations

import json
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import TaskStarted

from ..replay_server import ReplayServer, ThreadedReplayServer
from ..streams import token_turn
from .conftest import FIXED, MODEL, ollama_routes, session_logs
from .terminal import Terminal

TEST = "from calc import add\n\nassert add(2, 3) == 5\n"


def chat_contents(server: ReplayServer) -> list[list[str]]:
    return [[m["content"] for m in r.json()["messages"]] for r in server.requests if r.path == "/api/chat"]


def type_task(term: Terminal, task: str) -> None:
    """Type a task into the task input and send it, as a person does: the words, a look, then enter
    (keys sent faster than anyone types arrive as one paste, enter and all)."""
    term.type(task)
    term.wait_for(task, "the task typed")
    term.press("enter")
    term.wait_for(lambda s: "What should the model do next?" not in s, "the task input to close")


def ollama_args(url: str) -> list[str]:
    return ["--backend", "ollama", "--url", url, "--model", MODEL, "--levers", "none"]


def test_a_second_task_goes_on_with_the_conversation_and_continue_reopens_it(
        smallops_bin: Path, app_env: dict[str, str], calc_workspace: Path) -> None:
    turns = [token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}),
             token_turn({"action": "done", "summary": "fixed add"}),
             token_turn({"action": "write_file", "path": "test_calc.py", "content": TEST}),
             token_turn({"action": "done", "summary": "added a test"})]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "fix add in calc.py", *ollama_args(server.url)], app_env,
                        calc_workspace)
        try:
            term.wait_for(lambda s: "write_file" in s and "y approve" in s, "the first proposal")
            term.approve(lambda s: "done" in s and "fixed add" in s and "y approve" in s, "the done proposal")
            term.approve("c next task", "the end of the first task, and the next task offered")
            term.press("c")
            term.wait_for("What should the model do next?", "the task input")
            type_task(term, "now add a test for add")
            term.wait_for(lambda s: "test_calc.py" in s and "y approve" in s, "the second task's proposal")
            term.approve(lambda s: "added a test" in s and "y approve" in s, "the second done")
            term.approve(lambda s: s.count("SESSION ENDED") >= 1 and "c next task" in s, "the second end")
            term.press("q")
            assert term.wait_exit() == (0, None)
        finally:
            term.kill()
        sent = chat_contents(server)

    # The second task's first request carries the first task's conversation, then the new task.
    assert len(sent) == 4
    assert sent[2][1].startswith("Task: fix add in calc.py")
    assert json.loads(sent[2][2]) == {"action": "write_file", "path": "calc.py", "content": FIXED}
    assert json.loads(sent[2][4])["summary"] == "fixed add"
    assert sent[2][-1].startswith("New task: now add a test for add")
    assert (calc_workspace / "test_calc.py").read_text() == TEST
    logs = session_logs(calc_workspace.parent)
    assert len(logs) == 1
    events = read_log(logs[0]).events
    assert [(e.step, e.task) for e in events if isinstance(e, TaskStarted)] == [(3, "now add a test for add")]

    # The replay shows both tasks: the first in its preamble, the second where it began.
    replay = Terminal([str(smallops_bin), "replay", str(logs[0])], app_env, calc_workspace)
    try:
        replay.wait_for("replay · ollama", "the replay")
        replay.press_until("end", "step 4/4", "the last step")
        replay.wait_for("Task 2: now add a test for add", "the second task, where it began")
        # (the conversation follows its end: the first task's line is a page or two up, however long it grew)
        replay.press_until("pageup", "Task: fix add in calc.py", "the first task, at the top")
        replay.press("q")
        assert replay.wait_exit() == (0, None)
    finally:
        replay.kill()

    # --continue reopens the session (the newest of this workspace) for a third task, in the same log.
    turns = [token_turn({"action": "done", "summary": "nothing left"})]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "--continue", *ollama_args(server.url)], app_env, calc_workspace)
        try:
            # The input comes first, the status bar under it a frame later: wait for both (one screen
            # read as the input appeared, under a loaded CI, held the input alone).
            term.wait_for(lambda s: "What should the model do next?" in s and "step 4/" in s,
                          "the task input, over the logged session at its step 4")
            term.press("escape")  # the input steps aside: the logged session is on the screen under it
            term.wait_for(lambda s: "added a test" in s and "Task 2: now add a test for add" in s, "the logged end")
            term.press_until("pageup", "Task: fix add in calc.py", "the first task, at the top")
            term.press("c")
            term.wait_for("What should the model do next?", "the task input again")
            type_task(term, "anything else?")
            term.approve(lambda s: "nothing left" in s and "c next task" in s, "the third task's end")
            term.press_until("end", "Task 3: anything else?", "the third task, once the conversation follows again")
            term.press("q")
            assert term.wait_exit() == (0, None)
        finally:
            term.kill()
        third = chat_contents(server)
    assert len(third) == 1
    assert json.loads(third[0][4])["summary"] == "fixed add" and json.loads(third[0][6])["content"] == TEST
    assert third[0][-1].startswith("New task: anything else?")
    assert session_logs(calc_workspace.parent) == logs  # no new log: the same one goes on
    contents = read_log(logs[0])
    assert [e.task for e in contents.events if isinstance(e, TaskStarted)] == ["now add a test for add",
                                                                                 "anything else?"]
    assert [e.type for e in contents.events].count("session_ended") == 3
