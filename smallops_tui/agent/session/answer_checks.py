"""NO ANSWER: a task that asks only for a number (or what a call with its arguments returns) ("What total would bouncehire quote them?", "How
many TODO comments are in app.py?") answered by a `done` whose summary holds no number.

heldout16's z10 asked for a quote's total; the model read four files, ran the tests and said done
with "The tests passed, indicating that the code in `tests` is correct … I will proceed to the next
action". Nothing had changed, as the task asked, so no check of the workspace could speak; only
DONE WITHOUT CHANGE did, which is no finding for a question (guards.py no longer raises it there).
A summary with no digit and no number word cannot answer such a question, whatever the model read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .definitions import definitions
from .task_checks import asks_only

MAX_TASK_CHARS = 4_000  # asks_only reads no more
# A question whose answer is a number: an amount, a count, a total, a price, a port.
ASKS_NUMBER = re.compile(
    r"\bhow (?:much|many|long|far|old|often|big|large|heavy|fast)\b"
    r"|\bwhat (?:total|amount|sum|price|cost|fee|number|percentage|port|rating|score|size|count)\b"
    r"|\b(?:the|a) (?:total|amount|sum|number|count)\b"
    # the question may name a call and its file ("what does `group_tokens([41, 12], ...)` in
    # fairground/tokens.py come to?", heldout18's g08): a dot inside a word ends no sentence
    r"|\bwhat\b(?:[^.?!;]|[.?!;](?=\w)){0,200}\b(?:cost|costs|pay|charge|charges|quote|come to|add up to|amount to|"
    r"total)\b",
    re.IGNORECASE)
_NUMBER = re.compile(r"\d|\b(?:zero|none|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                     # the teens and tens whole, and as the start of "thirty-five" (heldout19's q12: "fifteen")
                     r"(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|"
                     r"hundred|thousand|million|half|dozen)\b"
                     # "there are no TODO comments": zero, said in words (it may be the right answer)
                     r"|\bno\s+(?:[\w-]+\s+){0,2}[\w-]+s\b", re.IGNORECASE)


# A question about what one call, with its arguments written out, returns or prints ("what
# `order_total(["pepperoni", ...], coupon="TWOFOR1", delivery=True)` in pizzeria/orders.py
# returns"): heldout20's r12 answered "it is not working as expected", with no value at all.
ASKS_CALL_RESULT = re.compile(
    r"\bwhat\b(?:[^.?!;]|[.?!;](?=\w)){0,300}?\b[A-Za-z_]\w*\([^)\s]"
    r"(?:[^.?!;]|[.?!;](?=\w)){0,300}?\b(?:returns?|gives?|prints?|outputs?|evaluates? to|comes? back with)\b",
    re.IGNORECASE | re.DOTALL)
# A value said: a number, a quoted string, a literal, a list or mapping, code, or the call failing.
# (A name in backticks is no value, nor an apostrophe: "it's", "the pizzas' price".)
_VALUE = re.compile(r"""\d|(?<!\w)'[^'\n]+'(?!\w)|"[^"\n]*"|[\[{]"""
                    r"|\b(?:true|false|none|null|empty|nothing|raises?|error|exception)\b", re.IGNORECASE)


# Two values offered as one answer: "Either 35 or 34 depending on rounding", "Probably 15, or 16 if
# you count the sugar 1:1" (the g08, q12, s12 and e12 kits' hedged answers, which held the right
# number among others and no check spoke). The numbers stand at most four words apart.
_OFFERED = re.compile(r"(?<![\w.])(\d(?:[\d,]*\d)?(?:\.\d+)?)(?:\s*[^\s\d]+){0,4}?[\s,]*\bor\s+(?:\w+\s+){0,2}?"
                      r"[£$€]?(\d(?:[\d,]*\d)?(?:\.\d+)?)(?!\w|\.\d)", re.IGNORECASE)


def _as_number(text: str) -> float:
    return float(text.replace(",", ""))


def hedged(summary: str) -> str | None:
    """The two values a summary offers as one answer, or None. Values that are one value in two
    units (pounds and pence, a fraction and a percentage) are not two."""
    for match in _OFFERED.finditer(summary):
        first, second = _as_number(match.group(1)), _as_number(match.group(2))
        if first != second and not any(abs(a * 100 - b) < 1e-9 for a, b in ((first, second), (second, first))):
            return f"the summary offers more than one value ({match.group(1)} or {match.group(2)}), not an answer"
    return None


# A sentence that tells what the model did, not what it found: "Listed the files in the project
# directory.", "The proposed command was not run.", "I read README.md." (a new user's first session,
# the README's own task "list the files and say what this project does": each done said only so).
_PROCESS = re.compile(
    r"^(?:i\s+)?(?:have\s+|had\s+)?(?:listed|read|ran|run|viewed|looked(?:\s+at)?|opened|checked|inspected|examined|"
    r"explored|tried|proposed|executed)\b"
    r"|\b(?:command|action|request)\b[^.]*\b(?:was|were|is)\s+(?:not\s+)?(?:run|rejected|refused|recognized|executed|"
    r"approved|allowed)\b", re.IGNORECASE)
_SUMMARY_SENTENCE = re.compile(r"(?<=[.!?])\s+")
MAX_PROCESS_WORDS = 14


def _process_only(summary: str) -> bool:
    """Whether every sentence of the summary only tells what was done: short, with no colon, file
    name, backtick or number to carry a finding ("Listed the files: app.py, README.md." finds)."""
    sentences = [s.strip() for s in _SUMMARY_SENTENCE.split(summary.strip()) if s.strip()]
    return bool(sentences) and all(
        _PROCESS.search(s) and len(s.split()) <= MAX_PROCESS_WORDS and not re.search(r"[:`\d]|\w\.\w", s)
        for s in sentences)


# A sentence that says the answer is still to come: "I have read the code of _compare_greater_than
# in tests/test_specifiers.py and will now answer the question about whether >1.7 matches
# 1.7.0.post1" (a new user's session in packaging's source, a `done` shown unflagged), "Let me check
# the README next". Its file names and numbers are what it read, not what it found.
_PROMISED = re.compile(r"\b(?:i\s+will|i'll|i\s+am\s+going\s+to|i\s+shall|let\s+me|will\s+now|will\s+(?:then\s+|next\s+)?"
                       r"(?:answer|proceed|check|look|read|find\s+out|investigate|report|tell|explain|provide))\b",
                       re.IGNORECASE)


def _promise_only(summary: str) -> bool:
    """Whether every sentence of the summary tells what was done or what will be, and at least one
    promises what will be: nothing in it is the answer."""
    sentences = [s.strip() for s in _SUMMARY_SENTENCE.split(summary.strip()) if s.strip()]
    promised = [s for s in sentences if _PROMISED.search(s)]
    # Beside a promise, what was read is named too ("I read specifiers.py."): no finding either.
    return bool(promised) and all(s in promised or (_PROCESS.search(s) and len(s.split()) <= MAX_PROCESS_WORDS
                                                    and not re.search(r"[:\d]", s)) for s in sentences)


def asks_number(task: str) -> bool:
    """Whether the task asks for a number: not where it asks which function (file, ...) works the
    number out ("Which function decides how many guides a booking gets?", heldout30's c12, answered
    `guides_for()` and held to NO ANSWER for giving no number)."""
    number = ASKS_NUMBER.search(task)
    if number is None:
        return False
    name = ASKS_CODE_NAME.search(task, 0, number.start()) or _ASKS_SETTING.search(task, 0, number.start())
    return name is None or re.search(r"[.?!](?:\s|$)", task[name.end():number.start()]) is not None


# "Which setting decides how many dogs go on one walk, and which file is it in?" (heldout32's aa12):
# the answer is a setting's name, not the number it holds. Not "What key do I press, and how many
# times": the number is asked too.
_ASKS_SETTING = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(?:setting|option|constant|variable|key|parameter|flag|"
                           r"field|entry|value\s+in)\s+(?:[\w`.()-]+\s+){0,3}?(?:decides?|sets?|controls?|determines?|"
                           r"limits?|governs?|caps?)\b", re.IGNORECASE)


def asks_value(task: str) -> bool:
    """Whether the task asks for a number, or for what a call returns: a value the project's code
    can compute (levers/verify.py then says how to run it)."""
    return len(task) <= MAX_TASK_CHARS and (asks_number(task) or bool(ASKS_CALL_RESULT.search(task)))


# A question whose answer is a name in the code: "which function actually adds the rush surcharge"
# (heldout28's a12 answered "The docstring and version number are present in the `ice/__init__.py`
# file.", naming no function, unflagged).
ASKS_CODE_NAME = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(function|method|class|file|module)\b", re.IGNORECASE)


def defined_names(texts: Iterable[str]) -> frozenset[str]:
    """Every function, method and class name the code texts define (definitions.py's reading)."""
    return frozenset(name for text in texts for name in definitions(text))


def asked_name_kind(task: str) -> str | None:
    """What kind of name a question asks for ("function", "method", "class", "file", "module"), or None."""
    asked = ASKS_CODE_NAME.search(task)
    return asked.group(1).lower() if asked is not None else None


def file_names(files: Iterable[str]) -> frozenset[str]:
    """The names a summary may give a file by: its path, its own name, and a Python module's dotted
    name (`rocketry/limits.py`, `limits.py`, `rocketry.limits`)."""
    names: set[str] = set()
    for rel in files:
        base = rel.rsplit("/", 1)[-1]
        names.update((rel, base))
        if rel.endswith(".py"):
            names.add(rel[:-3].replace("/", "."))  # not the bare stem: `go` of go.py is a word too
    return frozenset(names)


def said_names(summary: str) -> set[str]:
    """Every word and path-like run of the summary that may name code or a file: `event_price`,
    `rocketry/site.py`, `./range.json` as `range.json` too (heldout29's kit: a right answer giving
    the file as ./range.json was held to NO ANSWER)."""
    # One pass of a plain character class, its trailing marks trimmed after: `[\w.\-/]*\w` backtracked
    # quadratically over a long run of dashes or "./".
    paths = {run.rstrip(".-/") for run in re.findall(r"[\w./-]+", summary)} - {""}
    bare = {path.lstrip("./") for path in paths} | {path.rsplit("/", 1)[-1] for path in paths}
    return set(re.findall(r"[A-Za-z_]\w*", summary)) | paths | bare


# What sets a name aside, said right after it ("rush_fee has nothing to do with it", "guides_needed is
# unused", "guides_needed, which nothing calls", "is a red herring") or right before it ("not
# guides_needed", "instead of quote_sum"). Said of the name itself, not anywhere in its clause: in
# "guides_for decides it when the group isn't private" the negation is the group's (a review found
# the clause-wide reading flagging that right answer).
_DENIED_AFTER = (r"(?:\(\))?`?(?:\s+(?:in|from|of)\s+`?[\w./-]+`?)?\s*,?\s*(?:which\s+|that\s+)?(?:is\s+not|isn't|is\s+never|was\s+never|is\s+no\s+longer|"
                 r"has\s+nothing|does\s*n[o']t\s+(?:do|decide|matter|count|run|get)|nothing\s+(?:calls|uses|imports)|"
                 r"(?:no\s+one|nobody)\s+(?:calls|uses)|is\s+(?:just\s+|only\s+)?(?:a\s+|an\s+|the\s+)?(?:unused|dead|obsolete|"
                 r"deprecated|old|red\s+herring|look-?alike|decoy|leftover|left\s+over|wrapper|thin\s+wrapper|"
                 r"unrelated|irrelevant)|is\s+left\s+over|is\s+unrelated|is\s+irrelevant)\b")
_DENIED_BEFORE = r"\b(?:not|instead\s+of|rather\s+than|isn't|is\s+not|nor)\s+(?:the\s+|in\s+)?`?$"


def affirmed_names(summary: str) -> set[str]:
    """`said_names` of the summary but those it sets aside: "round() does it; rush_fee has nothing
    to do with it" gives `round` (a review's right answer, held to ANSWER DIFFERS for naming the
    look-alike it set aside), "guides_for, not guides_needed" gives `guides_for`."""
    names = said_names(summary)
    denied = {name for name in names if (
        re.search(rf"(?<![\w./-]){re.escape(name)}{_DENIED_AFTER}", summary, re.IGNORECASE)
        or any(re.search(_DENIED_BEFORE, summary[:found.start()], re.IGNORECASE)
               for found in re.finditer(rf"(?<![\w./-]){re.escape(name)}(?![\w/-]|\.\w)", summary)))}
    # A file's bare parts ("range", "json") go with it.
    denied |= {part for name in denied for part in re.split(r"[./-]", name) if part and part not in _kept_parts(names, denied)}
    return names - denied


def _kept_parts(names: set[str], denied: set[str]) -> set[str]:
    return {part for name in names - denied for part in re.split(r"[./-]", name) if part}


def names_none(task: str, summary: str, names: frozenset[str]) -> str | None:
    """NO ANSWER for a question that asks which function (method, class, file, module) does
    something, answered with none of the project's: `names` is what its code defines, or its
    files' names for a file or module."""
    kind = asked_name_kind(task)
    if kind is None or not names or not asks_only(task) or len(task) > MAX_TASK_CHARS:
        return None
    files = kind in ("file", "module")
    said = {name.lower() if files else name for name in said_names(summary)}
    if said & {name.lower() if files else name for name in names}:
        return None  # "Range.json", "/home/me/proj/range.json" (a file's name in any case; code's as written)
    if kind == "module" and said & {name.rsplit(".", 1)[-1].lower() for name in names if "." in name and "/" not in name
                                   and not name.endswith(".py")}:
        return None  # "the site module": a module by its own name
    return f"the task asks which {kind} it is, and the summary names none the project {'has' if kind in ('file', 'module') else 'defines'}"


def unanswered(task: str, summary: str) -> str | None:
    """What NO ANSWER says, or None: the task asks only to be told a number, and the summary holds
    none; or what a call returns, and the summary names no value."""
    if len(task) > MAX_TASK_CHARS or not asks_only(task):
        return None
    if _promise_only(summary):
        return "the summary says the answer is still to come, and does not give it"
    if asks_number(task) and not _NUMBER.search(summary):
        return "the task asks for a number (an amount, a count, a total), and the summary gives none"
    if ASKS_CALL_RESULT.search(task) and not _VALUE.search(summary):
        return ("the task asks what a call returns, and the summary names no value (no number, string, list, "
                "True, False or None)")
    if asks_number(task) or ASKS_CALL_RESULT.search(task):
        return hedged(summary)
    if _process_only(summary):
        return "the summary tells what was done (listed, read, ran), not what the task asks to be told"
    return None
