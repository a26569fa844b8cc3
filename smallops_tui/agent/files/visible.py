"""Hidden characters made visible: the one place that decides what a person must be shown.

Text from a model, a file or a command can carry characters that draw nothing or change the
order in which the rest is drawn: bidi overrides and isolates (the "Trojan Source" trick, where
`"none\u202e \u2066# Check if admin\u2069 \u2066"` reads as an innocent comment), zero-width
spaces and joiners, byte-order marks, tag characters, variation selectors, lone surrogates, and
terminal control sequences. Every pane draws text through `visible()`, which replaces each one
by an escape the eye cannot miss (`⟨U+202E⟩`, `\\x1b`), and the guards use `hidden_characters()`
to raise a HIDDEN TEXT flag. Pure functions: no Textual here.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Invisible letters and fillers that unicodedata does not class as format characters.
_INVISIBLE_EXTRA = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, 0x2800, 0x180E]
    + list(range(0x180B, 0x1810))  # Mongolian free variation selectors
    + list(range(0xFE00, 0xFE10))  # variation selectors
    + list(range(0xE0100, 0xE01F0))  # variation selectors supplement
)
# Categories drawn as escapes: format (bidi, zero-width, BOM, tags), line/paragraph separators
# (a terminal may break the line there), surrogates (not text at all) and unassigned code points.
_HIDDEN_CATEGORIES = frozenset({"Cf", "Zl", "Zp", "Cs", "Cn"})

_C0_C1 = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
BLANK_RUN_LIMIT = 3  # more blank lines than this in a row are folded into one counted line
# A run of this many spaces or tabs with more text after it on the same line can push that text
# out of view (a pane cuts long lines): it is drawn as one counted escape and flagged.
PADDING_RUN = 40
_PADDING = re.compile(r"[ \t]{%d,}(?=[^ \t\r\n])" % PADDING_RUN)
_LONE_CR = re.compile(r"\r(?!\n)")  # Python, many editors and terminals take it as a line break


@lru_cache(maxsize=4096)
def is_hidden(char: str) -> bool:
    """Whether a (non-control) character draws nothing, or reorders what is drawn around it."""
    code = ord(char)
    if code < 0xA0:
        return False  # ASCII and C1 are handled as control characters
    return code in _INVISIBLE_EXTRA or unicodedata.category(char) in _HIDDEN_CATEGORIES or (
        unicodedata.category(char) == "Zs")  # a space that is not U+0020 (no-break, en, ideographic) draws as one


def _escape_hidden(char: str) -> str:
    return f"⟨U+{ord(char):04X}⟩"


def hidden_characters(text: str) -> list[str]:
    """The distinct hidden characters in `text`, in order of first appearance."""
    if text.isascii():
        return []
    seen: dict[str, None] = {}
    for char in text:
        if char not in seen and not char.isascii() and is_hidden(char):
            seen[char] = None
    return list(seen)


def hiding_layout(text: str) -> list[str]:
    """Layout that hides text without a hidden character: a carriage return inside a line (the
    text after it is drawn over what came before, or read by Python as a new line), and padding
    long enough to push the rest of a line out of view."""
    found = []
    if "\r" in text and _LONE_CR.search(text):
        found.append("a carriage return inside a line")
    match = _PADDING.search(text)
    if match:
        found.append(f"{len(match.group())} spaces or tabs before more text on the same line")
    return found


def describe_hidden(chars: list[str], limit: int = 6) -> str:
    """`U+202E (RIGHT-TO-LEFT OVERRIDE), U+2066 …` for a flag message."""
    names = []
    for char in chars[:limit]:
        name = unicodedata.name(char, "")
        names.append(f"U+{ord(char):04X}" + (f" {name}" if name else ""))
    more = f" and {len(chars) - limit} more" if len(chars) > limit else ""
    return ", ".join(names) + more


def visible(text: str) -> str:
    """`text` with every control character except newline and tab shown as `\\xNN`, and every
    hidden character as `⟨U+XXXX⟩`. A CR that ends a line (CRLF) is kept as the line end."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    text = _C0_C1.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    if "    " in text or "\t" in text:
        text = _PADDING.sub(lambda m: f"⟨{len(m.group())} spaces⟩", text)
    if text.isascii():
        return text
    return "".join(_escape_hidden(c) if not c.isascii() and is_hidden(c) else c for c in text)


def fold_blank_runs(text: str, limit: int = BLANK_RUN_LIMIT) -> str:
    """Runs of more than `limit` blank lines become one line saying how many there were, so
    padding cannot push the rest of a command or a file out of view."""
    lines = text.split("\n")
    if len(lines) <= limit + 1:
        return text
    out: list[str] = []
    run = 0

    def close_run() -> None:
        if run > limit:
            out.append(f"⟨{run} blank lines⟩")
        else:
            out.extend([""] * run)

    for line in lines:
        if not line.strip():
            run += 1
            continue
        close_run()
        run = 0
        out.append(line)
    close_run()
    return "\n".join(out)


def shown_path(path: str) -> str:
    """A file name as one line of text: newlines, tabs and carriage returns as `\\n`, `\\t`, `\\r`,
    and the rest as `visible()` draws it (a command can create a file whose name holds a newline; listed as
    it is, it would forge lines of a diff or a summary)."""
    return visible(path.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r"))

