"""Pass rates with the uncertainty a reader needs: Wilson score intervals.

With 3 runs a task, "1 of 3" is anywhere from 6% to 79% at 95% confidence; a report that
prints 33% alone invites reading noise as a difference. The Wilson interval (rather than the
normal approximation) stays inside [0, 1] and is honest at 0 of n and n of n.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z_95 = 1.959963984540054  # the standard normal's 97.5th percentile


@dataclass(frozen=True)
class Rate:
    successes: int
    trials: int
    low: float
    high: float

    @property
    def value(self) -> float | None:
        return self.successes / self.trials if self.trials else None

    def overlaps(self, other: Rate) -> bool:
        """Whether the two intervals share any point (no data overlaps everything)."""
        if not self.trials or not other.trials:
            return True
        return self.low <= other.high and other.low <= self.high

    def __str__(self) -> str:
        if not self.trials:
            return "-"
        return f"{100 * self.successes / self.trials:.0f}% [{100 * self.low:.0f}–{100 * self.high:.0f}]"


def wilson(successes: int, trials: int, z: float = Z_95) -> Rate:
    """The Wilson score interval for `successes` out of `trials` (95% by default)."""
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"{successes} successes out of {trials} trials is not a proportion")
    if trials == 0:
        return Rate(0, 0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 and n the bound is exactly 0 or 1; rounding must not move it off.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Rate(successes, trials, low, high)
