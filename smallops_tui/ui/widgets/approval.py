"""The approval bar: one pending decision, the keys that can decide it, and their state.

It owns what makes approving keystroke-safe: `y` counts only once the proposal has been drawn
and ARM_DELAY has passed (on its own clock, so a test can drive it); a HIGH-risk action needs
`y` twice, and the bar — not a toast that outlives the proposal — says so. The second press must
be deliberate: it counts only once the warning has been on screen for HIGH_CONFIRM_DELAY (an
early press is told to wait a moment), and only after a pause of KEY_RELEASE_GAP since the last
`y` (a burst is told to let go). A held key auto-repeats far faster
than that, so holding `y` (or a burst of it) never approves a HIGH action: 50 presses 20 ms
apart, begun on a LOW read, approved the `rm -rf src` after it in 381 ms. A refused action
cannot be approved at all; Enter and space decide nothing. It answers with one value: an
`Approval.Decided` message carrying a `Choice`. Between decisions it shows what the keys do now
(retry after an error, cancel a running command, quit at the end).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from ...agent.reply.kinds import Action
from ...agent.session.decisions import Choice, Proposal

ARM_DELAY = 0.3  # seconds a proposal must be on screen before `y` counts
HIGH_CONFIRM_DELAY = 1.0  # seconds the HIGH warning must be on screen before the second `y` counts
# Seconds without a `y` before the second one counts. Terminals cannot see a key released, but a
# held key repeats every 30-100 ms (after a first wait of 250-660 ms): a pause this long is a
# hand lifting off the key and pressing again.
KEY_RELEASE_GAP = 0.5


class Approval(Static):
    """The keys for the pending decision, and the logic behind them."""

    class Decided(Message):
        """The person decided the pending proposal."""

        def __init__(self, proposal: Proposal, choice: Choice) -> None:
            super().__init__()
            self.proposal = proposal
            self.choice = choice

    class Armed(Message):
        """The proposal is on screen and `y` will count after the arming delay."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.proposal: Proposal | None = None
        self.clock: Callable[[], float] = time.monotonic
        self.armed_at: float | None = None
        self.confirming_high = False
        self.warned_at: float | None = None  # when the HIGH warning was drawn
        self.last_y_at: float | None = None  # the last `y` pressed, on any proposal: a burst spans them
        self._warning = ""
        self.text = ""  # what the bar says, as plain text

    # -- the pending decision ------------------------------------------------------------------

    def ask(self, proposal: Proposal) -> None:
        """A new decision is pending. Arming starts once the screen has drawn it."""
        self.proposal = proposal
        self.armed_at = None
        self.confirming_high = False
        self.warned_at = None
        self._warning = ""
        self._show()
        self.call_after_refresh(self._arm)

    def _arm(self) -> None:
        if self.proposal is not None and self.armed_at is None:
            self.armed_at = self.clock() + ARM_DELAY
            self.post_message(self.Armed())

    def withdraw(self) -> None:
        """The decision is no longer pending (decided, or the session moved on)."""
        self.proposal = None
        self.armed_at = None
        self.confirming_high = False
        self.warned_at = None
        self._warning = ""
        self._show()

    @property
    def pending(self) -> bool:
        return self.proposal is not None

    @property
    def armed(self) -> bool:
        return self.armed_at is not None and self.clock() >= self.armed_at

    @property
    def confirmable(self) -> bool:
        """Whether the HIGH warning has been on screen long enough for a second `y` to count."""
        return self.confirming_high and self.warned_at is not None and \
            self.clock() >= self.warned_at + HIGH_CONFIRM_DELAY

    def allows(self, action: str) -> bool:
        """Whether a decision key does anything now (the footer and the palette follow this)."""
        proposal = self.proposal
        if proposal is None:
            return False
        if action == "approve":
            return not proposal.refused
        if action in ("reject", "edit"):
            return proposal.action is not None
        return False

    # -- keys -------------------------------------------------------------------------------------

    def approve(self) -> None:
        now = self.clock()
        quiet = now - self.last_y_at if self.last_y_at is not None else math.inf
        self.last_y_at = now
        proposal = self.proposal
        if proposal is None or proposal.refused:
            return
        if not self.armed:
            self._warn(f"not yet: read the proposal first ({self._key('approve')} works once it has been on screen a moment)")
            return
        if proposal.is_high and not self.confirming_high:
            self.confirming_high = True
            self._warn(f"HIGH risk: press {self._key('approve')} again to approve")
            self.call_after_refresh(self._warning_drawn)
            return
        if proposal.is_high and not (self.confirmable and quiet >= KEY_RELEASE_GAP):
            # Part of a burst of y (a held key), or too soon after the warning: this press does not
            # count, and the bar says which (a person who did let go is not told they held the key).
            if quiet < KEY_RELEASE_GAP:
                self._warn(f"HIGH: let go of {self._key('approve')}, then press it again")
            else:
                self._warn(f"HIGH: wait a moment, then press {self._key('approve')} again")
            return
        self._answer(Choice("approve"))

    def _warning_drawn(self) -> None:
        if self.confirming_high and self.warned_at is None:
            self.warned_at = self.clock()
            self.set_timer(HIGH_CONFIRM_DELAY, self._show)  # the bar says when the second y will count

    def reject(self, reason: str) -> None:
        if self.proposal is not None and self.proposal.action is not None:
            self._answer(Choice("reject", reason=reason))

    def edit(self, action: Action) -> None:
        if self.proposal is not None and self.proposal.action is not None:
            self._answer(Choice("edit", edited=action))

    def _answer(self, choice: Choice) -> None:
        proposal = self.proposal
        assert proposal is not None
        self.withdraw()
        self.post_message(self.Decided(proposal, choice))

    # -- what the bar says -----------------------------------------------------------------------

    def _key(self, binding_id: str) -> str:
        """The person's key for one of the screen's bindings (their keymap applied), as the hints say it."""
        keys_for = getattr(self.screen, "keys_for", None)
        return keys_for(binding_id) if keys_for is not None else binding_id

    def _warn(self, text: str) -> None:
        self._warning = text
        self._show()

    def hint(self, text: str) -> None:
        """What the keys do while no decision is pending."""
        if self.proposal is None:
            self._say(Text(text, style="dim"))

    def _say(self, text: Text) -> None:
        self.text = text.plain
        self.update(text)

    def _show(self) -> None:
        proposal = self.proposal
        if proposal is None:
            self._say(Text())
            return
        text, key = Text(), self._key
        if self._warning:
            text.append(f" {self._warning} ", style="bold reverse")
            text.append("   ")
        if proposal.action is None:
            text.append(f"{key('approve')}: send back to the model (it is told why)   {key('stop')}: stop", style="dim")
        elif proposal.refused:
            text.append(f"{key('reject')}: reject (the model is told why)   {key('edit')}: edit   {key('stop')}: stop",
                        style="dim")
        elif self.confirmable:
            text.append(f"{key('approve')}: approve (HIGH, now)   {key('reject')}: reject   {key('edit')}: edit   "
                        f"{key('stop')}: stop", style="dim")
        else:
            text.append(f"{key('approve')}: approve" + (" (twice: HIGH)" if proposal.is_high else "")
                        + f"   {key('reject')}: reject   {key('edit')}: edit   {key('stop')}: stop", style="dim")
        self._say(text)
