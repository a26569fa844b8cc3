"""`verify`: a `done` the checks at done refute is answered with what they found, and the model goes on.

The checks at done (guards.py, task_checks.py, the project's tests) were shown to the person beside
the claim; the model never heard them. A person reading "STILL DEFINED: calc_dew_pt is still in
tests/test_psychro.py, weatherlog/station.py" would send the model back to finish (held-out n04:
the rename was made in one of four files and called done; n03: "done" beside a NameError the tests
showed). This lever does that, twice a session at most, and never for the same findings again: a
model that says done again with nothing new is proposed as it is, flags and all, for the person.

Not sent back for: UNTESTED FIX or DONE AFTER FAILURE (no refutation of the claim), or DONE WITHOUT CHANGE
where the task asks for an answer (a question, "reply with", "change nothing": no change is then
the right outcome; the nine's t1 and t2 pass that way).
"""

from __future__ import annotations

import re

from ..decisions import Proposal
from ..guards import GuardFlag
from ..answer_checks import asks_value
from ..definitions import may_remove
from ..task_checks import CHANGE_WORDS, asks_only, hands_off
from ..test_evidence import reports_bug

MAX_ANSWERED = 2  # dones answered in one session
# Not refutations: evidence missing (UNTESTED FIX), an earlier step that failed (DONE AFTER FAILURE:
# a failed look-around before a true answer), and warnings about the reply itself.
_NOT_SENT_BACK = frozenset({"untested_fix", "untested_change", "done_after_failure", "repeat", "suspicious_repair", "hidden_text"})


_ANSWER = re.compile(r"\?|\b(?:reply with|answer|tell me|explain|what is|which|how many|how much)\b", re.I)


# A request put as a question ("Can you fix it?", "Could you update the hall's config?"): 21 of the
# held-out prompts end so, and each asks for a change, not an answer. heldout23's d01 ran the
# command the bug report named, said "The log page is now correct" with nothing changed, and the
# "?" kept its DONE WITHOUT CHANGE from being sent back.
_REQUEST = re.compile(r"(?:^|(?<=[.!?\n]))\s*(?:please\s+|so\s+|and\s+)?(?:can|could|would|will)\s+(?:you|we)\b[^.!?\n]*\?",
                      re.IGNORECASE)


# Words that want something other than it is, besides the words of change: "should", "give it",
# "goes up to", "now", "copy", "switch".
_WANTING = re.compile(r"\b(?:should|must|needs? to|copy|copies|make sure|so that|wants?|please|give|adding|let|"
                      r"goes (?:up|down)|now|instead|always|switch)\b", re.IGNORECASE)


def _asks_for_a_change(task: str) -> bool:
    """Whether a done with nothing changed leaves the task undone: it asks for more than an answer,
    nothing in it asks to be told, and it wants something: a word of change, a bug told as a symptom
    ("The farrier due list has the dates muddled ... makes `python -m farrier.due` crash", heldout30's
    c01: its done with nothing changed was not sent back), a removal ("Take the `--fax` option out"),
    or a word of wanting ("should", "copy", "give", "now"). "look around" wants nothing. Of the 390
    task prompts here, the 44 this reads so that a word of change alone did not all ask for a change."""
    limit = hands_off(task)
    asked = _REQUEST.sub(lambda m: "" if CHANGE_WORDS.search(m.group(0)) else m.group(0), task)
    wants = CHANGE_WORDS.search(task) or reports_bug(task) or may_remove(task) or _WANTING.search(task)
    return bool(wants) and not asks_only(task) and not _ANSWER.search(asked) \
        and not (limit is not None and limit.every_file)


def _refuting(task: str, flags: list[GuardFlag]) -> list[GuardFlag]:
    change = _asks_for_a_change(task)
    return [f for f in flags if f.kind not in _NOT_SENT_BACK and (f.kind != "done_without_change" or change)]


def send_back(task: str, proposal: Proposal, answered: list[frozenset[str]]) -> tuple[str, str] | None:
    """(the notice, what the model is told) for a `done` to send back; `answered`: the findings of
    the dones sent back so far (appended to here)."""
    refuting = _refuting(task, proposal.flags)
    kinds = frozenset(f.kind for f in refuting)
    if not refuting or len(answered) >= MAX_ANSWERED or kinds in answered:
        return None
    answered.append(kinds)
    labels = ", ".join(f.label for f in refuting)
    found = "\n".join(f"- {f.label}: {f.message}" for f in refuting)
    compute = ((COMPUTE_IT if asks_value(task) else SAY_IT) if kinds & {"no_answer", "unfounded"}
               else ANSWER_WITH_IT if "answer_differs" in kinds else "")
    return (f"verify: the model's done was sent back with what the checks found ({labels})",
            f"Not done: the checks at done found what your summary does not match:\n{found}\n{compute}"
            "Fix what they found, then say done. If the task is complete as it is, say done again.")


# A number the project's code computes is best had by running that code, as a person would
# (heldout19's q12 and heldout18's g08 ran the tests or nothing, then answered with no number). The
# risk rules let this call run, read-only (risk/workspace_calls.py).
COMPUTE_IT = ("If the answer is what a function of the project returns, run that function and read what it "
              "prints: `python3 -c \"from package.module import function; print(function(arguments))\"` "
              "(with the real names and values; it runs with the files read-only). Then say done with that value "
              "in the summary.\n")


# Any other question ("list the files and say what this project does"): told to run a function, a
# new user's session in a clone of this repository proposed installing smallops and running it.
SAY_IT = ("Put the answer itself in the summary of done: what you found out, in a sentence or two, not what you "
          "did or will do.\n")


# What ANSWER DIFFERS names is what the harness saw when it ran the project's code read-only: the
# value a call returned (the answer itself), or the functions and files a command used (where the
# answer is). heldout22's e12, sent back with "returns 2920", ran the module as a script with bare
# words again and said 1400 again.
ANSWER_WITH_IT = ("What the check names is what the project's code did when it ran just now with the files "
                  "read-only: the value a call returned (say done with that value in the summary), or what a "
                  "command used (the answer is among what it names).\n")
