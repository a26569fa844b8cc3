"""A one-line input that keeps at most so many characters, whatever is typed or pasted.

A reason, a message or a task is sent to the model as it is; a paste of a log file into one is
a mistake, and an input that grows without bound is redrawn at its full length for every key.
Past the bound, typed keys do nothing and a paste is cut to what fits (Textual's Input refuses
a paste that does not fit whole), with a note saying how much was left out.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

REASON_LIMIT = 2_000  # characters of a reason, a message or a task


class BoundedInput(Input):
    """An Input of at most `max_length` characters (REASON_LIMIT unless told)."""

    def __init__(self, *args: object, max_length: int = REASON_LIMIT, **kwargs: object) -> None:
        super().__init__(*args, max_length=max_length, **kwargs)  # type: ignore[arg-type]
        self.cut = 0  # characters of pasted text left out, so far

    def _on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # Input's own handler would refuse a paste that does not fit whole
        event.stop()
        lines = event.text.splitlines()
        if not lines:
            return
        start, end = sorted(self.selection)
        limit = self.max_length or REASON_LIMIT
        room = max(limit - (len(self.value) - (end - start)), 0)
        left_out = max(len(lines[0]) - room, 0) + sum(len(line) + 1 for line in lines[1:])
        if room:
            self.replace(lines[0][:room], start, end)
        if left_out and not self.cut:  # once: a long paste arrives in many pieces
            self.notify(f"pasted text cut: this field keeps one line of at most {limit:,} characters",
                        severity="warning")
        self.cut += left_out
