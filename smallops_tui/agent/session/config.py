"""The session's value types: how it is set up (`SessionConfig`), where a fork starts (`Resume`),
what it came to (`SessionOutcome`), what it is doing (`State`), and the refusal of a control at the
wrong moment (`NotNow`).

They sit below the loop, so that the log's header (records.py), the tools over logs (fork,
rerun) and the front ends can name them without importing the loop itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..log.events import Event, FileRecord
from ..sandbox.confine import Bounds
from ..sandbox.runner import DEFAULT_TIMEOUT
from .context import CONTEXT_RULES, DEFAULT_KEEP_TURNS
from .guards import GuardFlag

Message = dict[str, str]  # one chat message: {"role": ..., "content": ...}
Think = bool | str | None  # thinking on/off, a level ("low", "medium", "high"), or None: the server's default
EndStatus = Literal["done", "stopped", "step_cap", "backend_error", "error"]
# What the session is doing now (a front end shows it and offers the controls that fit).
State = Literal["ready", "streaming", "assessing", "deciding", "executing", "waiting_retry", "ended"]


@dataclass
class SessionConfig:
    task: str
    vocabulary: str = "seed"
    step_cap: int = 20
    constrained: bool = True
    think: Think = False
    forced_think: bool = False
    command_timeout: float = DEFAULT_TIMEOUT
    chat_options: dict[str, object] = field(default_factory=dict)  # temperature, num_ctx, seed, ...
    sandbox: str = "auto"  # auto | landlock | bwrap | off (agent/sandbox/confine.py)
    allow_network: bool = False  # let commands open TCP connections
    pass_env: tuple[str, ...] = ()  # environment names (or globs) commands get even if they look secret
    bounds: Bounds | None = None  # what each command may use (None: the defaults of confine.Bounds)
    approval_mode: str = "manual"  # manual | auto-low (steering.py): the mode the session starts in
    # A reply (reasoning and answer together) longer than this is cut off and reported, so a server
    # that streams without end cannot exhaust memory or the log. 2 MB is ten times a 5,000-line file.
    max_reply_chars: int = 2_000_000
    # Reasoning chunks (one token each on Ollama and llama.cpp) a turn may stream before it is cut
    # and the model is asked to answer now; None: no budget.
    think_budget: int | None = None
    # The model's context window in tokens and where the number came from (discovery, --context);
    # None: unknown, and the context alarm has nothing to measure against.
    context_window: int | None = None
    context_source: str = ""
    context_rule: str = "off"  # off | drop-oldest (context.py)
    keep_turns: int = DEFAULT_KEEP_TURNS  # turns the drop-oldest rule always keeps
    levers: tuple[str, ...] = ()  # harness levers in force (session/levers/; lever_names.py has the default set)

    def __post_init__(self) -> None:
        if self.think_budget is not None and self.think_budget < 1:
            raise ValueError(f"the thinking budget must be at least 1 token, not {self.think_budget}")
        if self.context_rule not in CONTEXT_RULES:
            raise ValueError(f"the context rule must be one of {', '.join(CONTEXT_RULES)}, not {self.context_rule!r}")


@dataclass
class SessionOutcome:
    status: EndStatus
    summary: str
    steps: int
    created: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    flags: list[GuardFlag] = field(default_factory=list)
    net_diff: str = ""


@dataclass
class Resume:
    """Where a forked session starts (fork.py builds it): the conversation of the first `step`
    turns as the model saw them, and the original's events up to there, carried into the new log
    so its replay (and a fork of the fork) tells the whole story."""

    step: int
    messages: list[Message]
    carried: list[Event]  # events of steps 0..step, in log order
    note: str = ""  # said at the start of the new session (where it was forked from)


@dataclass
class Continuation:
    """A logged session taken up again in another process (`run --continue`, ACP's session/load), to
    go on with a follow-up task in the same log (history/continuing.py builds it): the conversation
    as the model last saw it, the events that rebuild what the guards remember, and the log's last
    record of the files, to tell what changed on disk since."""

    step: int  # the last step logged
    messages: list[Message]
    events: list[Event]  # the logged events (no streamed text), in order
    files: list[FileRecord]  # every path's last record
    last_t: float  # the last time logged: the log's times go on from it
    tasks: int  # how many tasks it holds
    task: str  # the last of them
    ended: str | None  # how the last task ended; None: the log stops inside it
    approval_mode: str = "manual"  # in force when the log stops
    model: str = ""  # the model of the last request


class NotNow(RuntimeError):
    """A control the session refuses at this moment; the message says when it works."""
