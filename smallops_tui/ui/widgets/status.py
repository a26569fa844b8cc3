"""The status bar: the approval mode, backend, model, step, the reasoning meter, the context gauge,
sandbox, speed, what the app is doing, the log.

It is one line, and the terminal may be narrow, so the fields give way whole, in an order each
app decides (`gives_way`, the least needed first), instead of being cut mid-word at the right
edge (at 120 columns the sandbox read `· sandbox` once the context gauge appeared). The approval
mode never gives way, nor does an alarm (a field that starts with ⚠, ✖ or a word in capitals:
TRUNCATED, LOG NOT WRITTEN, NO SANDBOX); only when those alone are too wide is the line cut, with
an ellipsis.
"""

from __future__ import annotations

import re
from typing import Any

from textual import events
from textual.widgets import Static

from ..render import literal

ORDER = ("approval", "backend", "step", "reasoning", "context", "sandbox", "constrained", "speed", "state", "log")
SEPARATOR = "  ·  "
SHORTER = ":short"  # in a give-way order: the field takes its short form (the sandbox without its bounds)
# The live session: the log's path is printed when the app ends, the speed and the decoding mode
# are details; the backend's kind and the gauge's counts (`ctx 34%` stays) go before the model's
# name, which outlasts what the app is doing (the waiting line says it too: at 120 columns the
# embedded model's name went while `streaming` stayed) and the step; the gauge (whose alarm never
# goes) and the sandbox (what a command may touch: its bounds go first) stay longest.
LIVE_GIVES_WAY = ("log", "speed", "constrained", "sandbox" + SHORTER, "reasoning", "backend" + SHORTER,
                  "context" + SHORTER, "state", "step", "backend", "context", "sandbox")
# While the model reasons, the meter is what is happening (and, under a thinking budget, how far
# the cut is): it outlasts the step, the context gauge, the state (which then says no more than
# the meter) and the model's name; only the sandbox outlasts it (at 80 columns the two do not fit).
REASONING_GIVES_WAY = ("log", "speed", "constrained", "sandbox" + SHORTER, "backend" + SHORTER, "context" + SHORTER,
                       "step", "context", "state", "reasoning" + SHORTER, "backend", "reasoning", "sandbox")
# A replay: the step, the mode and the outcome are what a reader follows (a cut prompt's alarm,
# which never goes, takes its short form first).
REPLAY_GIVES_WAY = ("log", "reasoning", "context" + SHORTER, "context", "backend" + SHORTER, "speed", "backend", "state",
                    "step")
_ALARM = re.compile(r"^(?:[⚠✖]|[A-Z]{2,}[A-Z -]*\b)")
Field = str | tuple[str, str]  # the text, or (the text, a short form)


def whole(value: Field) -> str:
    """A field's whole text (a (text, short form) pair's first)."""
    return value if isinstance(value, str) else value[0]


def is_alarm(text: str) -> bool:
    return bool(_ALARM.match(text))


def fit(fields: dict[str, Field], width: int, gives_way: tuple[str, ...]) -> str:
    """The fields (in ORDER) that fit in `width` columns: those named in `gives_way` give way
    first to last (dropped, or with SHORTER their short form taken); approval and alarms stay."""
    texts = {key: whole(value) for key, value in fields.items() if value}
    shown = [key for key in ORDER if texts.get(key)]

    def line() -> str:
        return SEPARATOR.join(texts[key] for key in shown)

    for entry in gives_way:
        if len(line()) <= width:
            break
        key, shorten = entry.removesuffix(SHORTER), entry.endswith(SHORTER)
        if key not in shown:
            continue
        value = fields[key]
        if shorten:
            if not isinstance(value, str):
                texts[key] = value[1]
        elif key != "approval" and not is_alarm(texts[key]):
            shown.remove(key)
    return line()


class StatusBar(Static):
    def __init__(self, *, gives_way: tuple[str, ...] = LIVE_GIVES_WAY, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.gives_way = gives_way
        self.fields: dict[str, Field] = {}
        self.text = ""  # the line as shown

    def show(self, **fields: Any) -> None:
        self.fields = {key: value if isinstance(value, tuple) else str(value) for key, value in fields.items() if value}
        self._draw()

    @property
    def full_texts(self) -> dict[str, str]:
        """Each field's whole text (not its short form): all the bar has to say, however narrow."""
        return {key: whole(value) for key, value in self.fields.items()}

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        # Before the first layout the width is not known yet: the app's, less the padding.
        width = self.content_region.width or max(0, self.app.size.width - 2)
        self.text = fit(self.fields, width, self.gives_way)
        line = literal(self.text)
        line.no_wrap = True
        line.overflow = "ellipsis"
        self.update(line)
