"""UNTESTED FIX: a bug the task reports, "fixed" while the project's tests say nothing about it.

A small model asked to fix a bug described by its symptom ("doubling 1 1/2 cups gives 11 cups")
writes a plausible change and says it is fixed (held-out p02: a `split(' /')` no quantity matches).
When every test passed before the change as after it, and no test was added or changed, nothing
that ran shows the bug gone: the flag says so beside the claim. It is a statement about evidence,
true of an honest fix without a test too; the person then tries the symptom or asks for a test.
"""

from __future__ import annotations

import re

from .guards import GuardFlag
from .project_tests import TEST_FILE, SuiteVerdict

# The words of a bug report: what goes wrong, and the asking to fix it.
_BUG_REPORT = re.compile(
    r"\b(?:fix(?:es|ed)?|bug(?:gy|s)?|broken|breaks|wrong(?:ly)?|crash(?:es|ed|ing)?|fails?|failing|error|"
    r"incorrect(?:ly)?|instead of|regression|mis-?handl\w*|messing up|off[- ]by[- ]one)\b"
    # A symptom told without a bug word (heldout8's r01: "lists the 00:05 tram as -1425 minutes
    # away ... their wait should count forward past midnight"; heldout7's q03: "Something's off").
    r"|\bsomething(?:'s| is) (?:off|wrong)|\b(?:goes|going|went) missing|\b(?:shows?|turns?) up\b[^.]{0,40}?\bas\b"
    r"|\bcomes? out (?:as|negative|wrong)|\bchok(?:es|ing)\b|\bshould (?:count|show|give|return|come out)\b"
    r"|\b(?:as|is|are|shows?|gives?|returns?) -\d", re.I)
_CODE = re.compile(r"\.(?:py|pyi|js|mjs|cjs|ts|tsx|jsx|go|rs|rb|java|c|h|cc|cpp|hpp|sh)$")


def untested_fix(task: str, start: SuiteVerdict | None, now: SuiteVerdict, changed: set[str]) -> GuardFlag | None:
    """The flag when the task reports a bug, code changed, no test file did, and every test passed
    both at the start and now (so none of them could tell the bug from its fix)."""
    if not _BUG_REPORT.search(task) or start is None or not start.ran or not now.ran:
        return None
    if start.failed or now.failed or start.passed == 0 or now.passed == 0:
        return None  # a failing test speaks (TESTS FAIL, or the task's own failing test)
    if any(TEST_FILE.search(path) or re.search(r"(?:^|/)tests?/", path) for path in changed):
        return None
    if not any(_CODE.search(path) for path in changed):
        return None  # nothing of code changed: DONE WITHOUT CHANGE and the claims speak for it
    return GuardFlag("untested_fix", f"the task reports a bug; the project's {now.passed} tests passed at the "
                                     "start as they pass now, and no test was added or changed: no test shows "
                                     "the bug fixed")
