"""What the shell's expansions can make of a word: the words bash's braces make, and whether a
glob or a brace can give a word a `..` part. Pure: no file system (matching a glob against the
workspace is the judge's, command_risk.py)."""

from __future__ import annotations

import fnmatch
import re

GLOB = re.compile(r"[*?\[]")
MAX_BRACE_ALTERNATIVES = 64


def expansion_reaches_parent(word: str) -> bool:
    """Whether brace expansion or a glob can give `word` a `..` part: dash's `.*`, `.?` and `.[.]`
    match `..` (so does bash before 5.2), and bash's `{..,x}` or `{.,x}.` make it."""
    for alternative in _brace_alternatives(word):
        for part in alternative.split("/"):
            # A name's leading dot is only ever matched by a literal dot: `*` never makes `..`.
            if part == ".." or (part.startswith(".") and GLOB.search(part)
                                and fnmatch.fnmatchcase("..", part.replace("[^", "[!"))):
                return True
    return False


def _brace_alternatives(word: str) -> list[str]:
    """The words bash's brace expansion makes of `word`, innermost braces first; a sequence
    (`{1..3}`) stands for one element, which holds no `..` part. Fails closed past a limit."""
    done: list[str] = []
    pending = [word]
    while pending:
        current = pending.pop()
        group = re.search(r"\{([^{}]*)\}", current)
        if group is None:
            done.append(current.replace("\0", "{").replace("\1", "}"))
            continue
        body = group.group(1)
        choices = body.split(",") if "," in body else ["0" if ".." in body else f"\0{body}\1"]
        pending.extend(current[: group.start()] + choice + current[group.end() :] for choice in choices)
        if len(done) + len(pending) > MAX_BRACE_ALTERNATIVES:
            return [".."]
    return done
