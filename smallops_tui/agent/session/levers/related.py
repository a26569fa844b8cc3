"""`related`: the files a task is about, found by its words when it names none.

A task usually says what is wrong, not where: "At 23:50 the board lists the 00:05 tram as -1425
minutes away". A 1.5B model given only the file tree picks a file by its name, often the wrong one
(the package's `__init__.py`), and spends its steps there. A person would look for the words. Here
each candidate file (small, text) is scored by the task's words it contains, each word weighted by
how few files hold it (BM25: a word every file holds says little, and a long README holding many
words is not the best file for each), a file that defines a name the task spells as code
(`total_weight()`, `minutes_until`) first, and the best are shown with the task, as the files it
names are (`mentioned`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable

from ...files.workspace import PathEscape, Workspace, WorkspaceError

CANDIDATES = 400  # files read to score, at most (the smallest first: a big tree is not read whole)
K1, B = 1.2, 0.75  # BM25's usual term saturation and length normalisation
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_CAMEL = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
# Words that say how to ask, not what about: in every kind of task, they pick no file.
_STOPWORDS = frozenset("""
the and for with that this these those from into onto over under when where which what while who why how
should would could can will shall may might must not but also just only still even any all each every some
one two its it's they them their there here then than too very more most less much many such same other
please make made add added adds change changed changes keep kept use used uses using need needs want wants fix fixed
like new old now out off get gets set sets let see say says said does doing done did has have had are was
were been being you your our file files code project function functions method class test tests line lines
instead without within about after before again way ways thing things work works working
""".split())


def _parts(word: str) -> list[str]:
    return [p.lower() for p in (word, *word.split("_"), *_CAMEL.findall(word)) if len(p) >= 3]


def words(text: str) -> Counter[str]:
    """The lower-case words of a text, counted, an identifier also as its parts (`minutes_until`:
    `minutes`, `until`; `TokenBucket`: `token`, `bucket`), stop words and words under three letters
    left out."""
    counted = Counter(p for word in _WORD.findall(text) for p in _parts(word))
    for stop in _STOPWORDS & counted.keys():
        del counted[stop]
    return counted


def _names(task: str) -> set[str]:
    """The identifiers a task spells as code: `snake_case`, `CamelCase`, or a word before `(`."""
    return {m.group(1) for m in re.finditer(r"([A-Za-z][A-Za-z0-9_]*)(\(?)", task)
            if m.group(2) or "_" in m.group(1).strip("_") or re.search(r"[a-z][A-Z]", m.group(1))}


def _defines(text: str, names: set[str]) -> int:
    """How many of the names the text defines (a def, a class, or an assignment at a line's start)."""
    return sum(1 for name in names
               if re.search(rf"^\s*(?:(?:async\s+)?def|class)\s+{re.escape(name)}\b|^{re.escape(name)}\s*[:=]", text, re.M))


def related_order(task: str, workspace: Workspace, files: Iterable[str], max_bytes: int) -> list[str]:
    """The files (of `files`, at most `max_bytes` each) holding the task's words, the most related
    first (BM25 over their words, a file defining a name the task spells as code first of all); a
    file holding none of them is left out."""
    wanted = set(words(task))
    if not wanted:
        return []
    names = _names(task)
    sized: list[tuple[int, str]] = []
    for rel in files:
        try:
            size = workspace.resolve(rel).stat().st_size
        except (OSError, WorkspaceError, PathEscape):
            continue
        if 0 < size <= max_bytes:
            sized.append((size, rel))
    counts: dict[str, Counter[str]] = {}
    lengths: dict[str, int] = {}
    defined: dict[str, int] = {}
    for _, rel in sorted(sized)[:CANDIDATES]:
        try:
            text = workspace.read_text(rel)
        except (OSError, WorkspaceError, PathEscape, UnicodeDecodeError):
            continue
        if "\x00" in text:
            continue
        every = words(text + " " + rel)
        counts[rel] = Counter({w: n for w, n in every.items() if w in wanted})
        lengths[rel] = max(1, sum(every.values()))
        defined[rel] = _defines(text, names)
    if not counts:
        return []
    held = Counter(w for found in counts.values() for w in found)
    total = len(counts)
    average = sum(lengths.values()) / total
    idf = {w: math.log(1 + (total - n + 0.5) / (n + 0.5)) for w, n in held.items()}
    scores = {rel: sum(idf[w] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[rel] / average)) for w, tf in found.items())
              for rel, found in counts.items()}
    ranked = [rel for rel in counts if scores[rel] > 0]
    return sorted(ranked, key=lambda rel: (-defined[rel], -scores[rel], rel.count("/"), rel))
