"""Steering a session without rejecting anything — the approval mode, a message for the model's next
turn, switching the model — through the loop alone, against the replaying server."""

from __future__ import annotations

import asyncio
from typing import Any, Literal, cast

import pytest

from smallops_tui.agent import read_log
from smallops_tui.agent.reply.kinds import Done, ReadFile
from smallops_tui.agent.session.decisions import Choice, Proposal
from smallops_tui.agent.session.guards import GuardFlag
from smallops_tui.agent.session.loop import NotNow, Session, SessionConfig
from smallops_tui.agent.risk.rules import Level, RiskVerdict
from smallops_tui.agent.session.steering import may_auto_approve, next_mode, why_not_auto
from smallops_tui.backends import OllamaBackend
from smallops_tui.backends.embedded import EmbeddedBackend

from ..harness import Recorder
from ..replay_server import ReplayServer
from ..streams import turn
from smallops_tui.agent.log.events import ApprovalModeChanged, BackendError, Decision, FeedbackSent, ModelSwitched, Notice, PersonMessage
from ..typed import of

CHAT = "/api/chat"
FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"
LOW_WRITE = {"action": "write_file", "path": "README.md", "content": "# demo\n\nA tiny project, fixed.\n"}
MEDIUM_WRITE = {"action": "write_file", "path": "main.py", "content": FIXED}


class Asked:
    """A decider that records what it was asked, and answers with a script (approve by default)."""

    def __init__(self, answers: list[Choice] | None = None, on_ask=None) -> None:
        self.asked: list[Proposal] = []
        self.answers = list(answers or [])
        self.on_ask = on_ask

    async def decide(self, proposal: Proposal) -> Choice:
        self.asked.append(proposal)
        if self.on_ask is not None:
            result = self.on_ask(proposal)
            if asyncio.iscoroutine(result):
                return await result
        return self.answers.pop(0) if self.answers else Choice("approve")

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        return "retry"


async def run(turns, workspace, decider, tmp_path, setup=None, **config) -> tuple[Session, Recorder, ReplayServer]:
    async with ReplayServer({CHAT: list(turns)}) as server:
        async with OllamaBackend(server.url, "first-model") as backend:
            session = Session(backend, workspace, SessionConfig(task="fix the bug", **config), decider,
                              tmp_path / "s.jsonl")
            if setup is not None:
                setup(session)
            recorder = Recorder(session)
            # Bounded: a decider that waits for the mode to answer must fail, not hang, if it never does.
            await asyncio.wait_for(session.run(), 60)
    return session, recorder, server


# -- the rule ------------------------------------------------------------------------------------

def _proposal(level: Level = "LOW", **changes: Any) -> Proposal:
    fields: dict[str, Any] = dict(step=1, raw="", action=ReadFile(path="main.py"),
                                  verdict=RiskVerdict(level, ("read.file",), ("r",)))
    fields.update(changes)
    return Proposal(**fields)


@pytest.mark.parametrize("proposal, why", [
    (_proposal("MEDIUM"), "it is MEDIUM"),
    (_proposal("HIGH"), "it is HIGH"),
    (_proposal(verdict=RiskVerdict("LOW", ("x",), ("x",), refused=True)), "it is refused"),
    (_proposal(verdict=None), "it has no risk verdict"),
    (_proposal(action=None), "the reply could not be parsed"),
    (_proposal(source="person"), "you edited it"),
    (_proposal(flags=[GuardFlag("missing_path", "no such file")]), "a guard flagged it (MISSING PATH)"),
    (_proposal(note="shown again: the file changed"), "it is shown again because the file changed"),
    (_proposal(action=Done(summary="all fixed"), verdict=RiskVerdict("LOW", ("done.claim",), ("c",))),
     "ending the session is yours to approve"),
    (_proposal(verdict=RiskVerdict(cast(Level, "low"), ("x",), ("x",))), "it is low"),  # exactly LOW, nothing like it
])
def test_only_a_clean_low_model_action_may_be_auto_approved(proposal: Proposal, why: str) -> None:
    assert why_not_auto(proposal) == why and not may_auto_approve(proposal)
    assert may_auto_approve(_proposal())


def test_a_cycles_manual_auto_manual() -> None:
    assert next_mode("manual") == "auto-low" and next_mode("auto-low") == "manual"
    assert next_mode("anything else") == "manual"  # fail closed


# -- the mode in a session -------------------------------------------------------------------------

async def test_auto_low_approves_low_and_asks_for_the_rest(workspace, tmp_path) -> None:
    turns = [turn({"action": "read_file", "path": "main.py"}),       # LOW: auto
             turn(LOW_WRITE),                                         # LOW text edit: auto
             turn({"action": "read_file", "path": "nope.py"}),        # LOW but flagged (missing path): asks
             turn(MEDIUM_WRITE),                                      # MEDIUM: asks
             turn({"action": "run_command", "command": "rm -rf build"}),  # HIGH: asks
             turn('{"action": "fix_bug"}'),                           # parse failure: asks
             turn({"action": "done", "summary": "fixed"})]            # done: asks
    decider = Asked([Choice("approve"), Choice("approve"), Choice("reject", reason="no"), Choice("approve"),
                     Choice("approve")])
    session, rec, server = await run(turns, workspace, decider, tmp_path, approval_mode="auto-low")
    assert [p.step for p in decider.asked] == [3, 4, 5, 6, 7]
    decisions = rec.of(Decision)
    assert [(d.step, d.by) for d in decisions] == [(1, "auto"), (2, "auto"), (3, "human"), (4, "human"),
                                                   (5, "human"), (6, "human"), (7, "human")]
    assert (workspace.root / "README.md").read_text() == LOW_WRITE["content"]
    assert (workspace.root / "build").exists()  # the HIGH one was rejected by the person, not run
    log = read_log(tmp_path / "s.jsonl")
    assert log.header.approval_mode == "auto-low"
    assert [e.by for e in of(log.events, Decision)][:2] == ["auto", "auto"]


async def test_manual_never_approves_by_itself(workspace, tmp_path) -> None:
    decider = Asked()
    turns = [turn({"action": "read_file", "path": "main.py"}), turn({"action": "done", "summary": "x"})]
    _, rec, _ = await run(turns, workspace, decider, tmp_path)
    assert len(decider.asked) == 2 and {d.by for d in rec.of(Decision)} == {"human"}
    assert read_log(tmp_path / "s.jsonl").header.approval_mode == "manual"


async def test_switching_to_auto_approves_the_low_proposal_waiting(workspace, tmp_path) -> None:
    holder: dict[str, Session] = {}

    async def switch_and_wait(proposal: Proposal) -> Choice:
        if proposal.step == 1:
            assert holder["session"].controls.set_approval_mode("auto-low")
            await asyncio.Event().wait()  # the person never presses y: the mode answers
        return Choice("approve")

    turns = [turn({"action": "list_dir", "path": "."}), turn(MEDIUM_WRITE), turn({"action": "done", "summary": "x"})]
    decider = Asked(on_ask=switch_and_wait)
    session, rec, _ = await run(turns, workspace, decider, tmp_path, setup=lambda s: holder.update(session=s))
    types = rec.types()
    assert types.index("approval_mode_changed") < types.index("decision")
    assert [(d.step, d.by) for d in rec.of(Decision)] == [(1, "auto"), (2, "human"), (3, "human")]
    assert [p.step for p in decider.asked] == [1, 2, 3]  # MEDIUM and done still asked


async def test_switching_to_auto_leaves_a_medium_proposal_waiting(workspace, tmp_path) -> None:
    holder: dict[str, Session] = {}

    async def switch_then_approve(proposal: Proposal) -> Choice:
        if proposal.step == 1:
            holder["session"].controls.set_approval_mode("auto-low")
            await asyncio.sleep(0.05)  # had the switch answered, this decision would be cancelled
            holder["session"].controls.set_approval_mode("manual")
        return Choice("approve")

    turns = [turn(MEDIUM_WRITE), turn({"action": "done", "summary": "x"})]
    _, rec, _ = await run(turns, workspace, Asked(on_ask=switch_then_approve), tmp_path,
                          setup=lambda s: holder.update(session=s))
    assert [d.by for d in rec.of(Decision)] == ["human", "human"]
    assert [e.mode for e in rec.of(ApprovalModeChanged)] == ["auto-low", "manual"]


def test_an_unknown_mode_is_refused_with_a_sentence(workspace) -> None:
    with pytest.raises(ValueError, match="unknown approval mode 'yolo'; choose one of: manual, auto-low"):
        Session(OllamaBackend("http://127.0.0.1:9", "m"), workspace, SessionConfig(task="t", approval_mode="yolo"),
                Asked())


# -- messages ----------------------------------------------------------------------------------------

async def test_a_message_while_deciding_goes_with_that_steps_feedback(workspace, tmp_path) -> None:
    holder: dict[str, Session] = {}

    def say(proposal: Proposal) -> None:
        if proposal.step == 1:
            holder["session"].controls.add_message("  the tests are in tests/, not test/  ")

    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    _, rec, server = await run(turns, workspace, Asked(on_ask=say), tmp_path, setup=lambda s: holder.update(session=s))
    second = server.requests[1].json()["messages"]
    assert second[-1]["role"] == "user"
    assert second[-1]["content"].endswith("Message from the person supervising you: the tests are in tests/, not test/")
    assert "listed" in second[-1]["content"] or "main.py" in second[-1]["content"]  # the step's own feedback first
    assert "tests/, not test/" not in str(server.requests[0].json()["messages"])
    assert [m.text for m in rec.of(PersonMessage)] == ["the tests are in tests/, not test/"]
    assert "tests/, not test/" in rec.of(FeedbackSent)[0].text  # the log says what the model was sent
    assert rec.types().index("person_message") < rec.types().index("decision")


async def test_a_message_mid_reply_goes_with_the_next_turn(workspace, tmp_path) -> None:
    slow = turn({"action": "list_dir", "path": "."}, thinking="t" * 200, split="bytes", delay=0.005)
    holder: dict[str, asyncio.Task[None]] = {}

    async def watch(session: Session) -> None:
        while not (session.state == "streaming" and session.step == 1):
            await asyncio.sleep(0.005)
        session.controls.add_message("look in src/")

    def setup(session: Session) -> None:
        holder["task"] = asyncio.ensure_future(watch(session))

    _, rec, server = await run([slow, turn({"action": "done", "summary": "x"})], workspace, Asked(), tmp_path,
                               setup=setup)
    assert holder["task"].done()
    assert "look in src/" not in str(server.requests[0].json()["messages"])  # the reply under way was not cut
    assert server.requests[1].json()["messages"][-1]["content"].endswith("supervising you: look in src/")
    assert len(server.requests) == 2 and not rec.of(BackendError)


async def test_a_message_after_an_error_goes_with_the_retried_request(workspace, tmp_path) -> None:
    from ..replay_server import Reply

    holder: dict[str, Session] = {}

    class SayThenRetry(Asked):
        async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
            holder["session"].controls.add_message("use the extended vocabulary")
            return "retry"

    turns = [Reply("ollama_error_midstream.ndjson"), turn({"action": "done", "summary": "x"})]
    _, _, server = await run(turns, workspace, SayThenRetry(), tmp_path, setup=lambda s: holder.update(session=s))
    first, retried = server.requests[0].json()["messages"], server.requests[1].json()["messages"]
    assert len(retried) == len(first) == 2  # joined to the task message, not a second user message in a row
    assert retried[-1]["content"].endswith("Message from the person supervising you: use the extended vocabulary")


async def test_messages_that_cannot_be_sent_are_refused_with_a_sentence(workspace, tmp_path) -> None:
    holder: dict[str, Session] = {}

    def say(proposal: Proposal) -> None:
        with pytest.raises(ValueError, match="the message is empty"):
            holder["session"].controls.add_message("   ")
        with pytest.raises(ValueError, match="keep it under 4,000"):
            holder["session"].controls.add_message("x" * 5000)

    session, rec, _ = await run([turn({"action": "done", "summary": "x"})], workspace, Asked(on_ask=say), tmp_path,
                                setup=lambda s: holder.update(session=s))
    assert not rec.of(PersonMessage)
    with pytest.raises(NotNow, match="the session has ended"):
        session.controls.add_message("too late")


async def test_a_message_the_session_ends_before_sending_is_said_to_be_unsent(workspace, tmp_path) -> None:
    holder: dict[str, Session] = {}

    def say(proposal: Proposal) -> None:
        holder["session"].controls.add_message("also update the README")

    _, rec, server = await run([turn({"action": "done", "summary": "x"})], workspace, Asked(on_ask=say), tmp_path,
                               setup=lambda s: holder.update(session=s))
    assert len(server.requests) == 1
    notices = [n.text for n in rec.of(Notice)]
    assert "1 message from you never reached the model: the session ended before its next turn" in notices
    assert rec.types().index("notice") < rec.types().index("session_ended")


# -- switching the model -------------------------------------------------------------------------------

async def test_switching_the_model_names_it_in_the_next_request_and_the_log(workspace, tmp_path) -> None:
    holder: dict[str, Session] = {}

    def switch(proposal: Proposal) -> None:
        if proposal.step == 1:
            assert holder["session"].controls.switch_model("second-model", forced_think=False, thinks=False)
            assert not holder["session"].controls.switch_model("second-model")  # already: nothing logged

    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    _, rec, server = await run(turns, workspace, Asked(on_ask=switch), tmp_path,
                               setup=lambda s: holder.update(session=s))
    assert [r.json()["model"] for r in server.requests] == ["first-model", "second-model"]
    switched = of(read_log(tmp_path / "s.jsonl").events, ModelSwitched)
    assert [(e.step, e.previous, e.model) for e in switched] == [(1, "first-model", "second-model")]
    assert read_log(tmp_path / "s.jsonl").header.model == ""  # the header keeps how it started (unnamed here)


async def test_a_switch_while_a_reply_streams_applies_from_the_next_turn(workspace, tmp_path) -> None:
    # The first reply stops after its first line until the test releases it: the switch happens
    # once the server holds the first request and before its reply has ended, whatever the load.
    release = asyncio.Event()
    held = turn({"action": "list_dir", "path": "."}, thinking="t" * 200, split="lines", stall_after=1,
                stall_seconds=60, release=release)
    holder: dict[str, object] = {}

    async def switch_once_sent(session: Session, server: ReplayServer) -> None:
        await server.wait_for_requests(1)
        holder["state"] = session.state
        holder["switched"] = session.controls.switch_model("second-model")
        holder["names"] = session.controls.model
        release.set()

    async with ReplayServer({CHAT: [held, turn({"action": "done", "summary": "x"})]}) as server:
        async with OllamaBackend(server.url, "first-model") as backend:
            session = Session(backend, workspace, SessionConfig(task="fix the bug"), Asked(), tmp_path / "s.jsonl")
            rec = Recorder(session)
            switching = asyncio.ensure_future(switch_once_sent(session, server))
            await asyncio.wait_for(session.run(), 60)
            await switching
    assert holder == {"state": "streaming", "switched": True, "names": "second-model"}
    assert [r.json()["model"] for r in server.requests] == ["first-model", "second-model"]
    assert not rec.of(BackendError)
    assert [(e.step, e.previous, e.model) for e in rec.of(ModelSwitched)] == [(1, "first-model", "second-model")]


async def test_a_switch_before_the_request_is_built_still_waits_for_the_next_turn(workspace, tmp_path) -> None:
    # The state says `streaming` from the turn's start, before the backend has built its request:
    # a switch made in that window (here: the moment the turn starts) must not reach this request.
    holder: dict[str, Session] = {}
    switched: list[str] = []

    def on_event(event) -> None:
        session = holder["session"]
        if event.type == "turn_started" and event.step == 1 and not switched:
            assert session.state == "streaming"
            session.controls.switch_model("second-model", thinks=False)
            switched.append(session.controls.model)

    def setup(session: Session) -> None:
        holder["session"] = session
        session.listeners.append(on_event)

    session, _, server = await run([turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})],
                                   workspace, Asked(), tmp_path, setup=setup, think=True)
    assert switched == ["second-model"]
    first, second = (r.json() for r in server.requests)
    assert (first["model"], first.get("think")) == ("first-model", True)  # the turn under way: as it started
    assert (second["model"], second.get("think")) == ("second-model", False)  # the new model cannot think
    assert session.backend.model == "second-model" and session.config.think is False


def test_the_embedded_backend_refuses_to_switch_with_a_sentence(workspace) -> None:
    backend = EmbeddedBackend(model_path="/nonexistent/model.gguf")
    session = Session(backend, workspace, SessionConfig(task="t"), Asked())
    session.started = True  # as if running: the refusal is the backend's, not the session's state
    with pytest.raises(NotNow, match="the embedded backend runs one model .* cannot switch mid-session"):
        session.controls.switch_model("other")
    assert backend.model == "model.gguf"
