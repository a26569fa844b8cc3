"""A conservative raw scan for every place a command line could run hidden code.

The lexer in shell.py reads a command line the way a shell does and hands each command
substitution on to be judged. This scan is its backstop: a small state machine, written apart
from the lexer, that lists every `$(`, backtick, `<(` and `>(` the shell might execute, erring
towards listing too many. A site the lexer did not account for means the two disagree about
quoting, and the risk rules then fail closed (shell.hidden_substitution).

It is conservative where bash and dash differ or the grammar is subtle: single quotes protect
only at the top level and inside `$(...)`, never inside `${...}`, backticks or here-documents;
comments protect; an unquoted here-document body is scanned with no quoting at all; and when
the scan loses its place (an unterminated quote, a `$'...'` that bash and dash would end at
different quotes, an unclosed here-document), every such sequence anywhere in the text counts.
"""

from __future__ import annotations

import re

# Where a site could start at all (`$\<newline>(` is `$(`): a text without one has none.
ANY_SITE = re.compile(r"\$(?:\\\n)*\(|`|[<>](?:\\\n)*\(")
_FLAT_SITE = re.compile(r"\$(?:\\\n)*\(|`")  # in a here-document body: no process substitution
_WORD_END = " \t\n;&|()<>"
_COMMENT_AFTER = " \t\n;&|()"


class _Lost(Exception):
    """The scan cannot be sure where a quote or here-document ends."""


def substitution_sites(src: str) -> list[int]:
    """Positions in `src` where a command substitution or process substitution may start."""
    if not ANY_SITE.search(src):
        return []
    try:
        return _scan(src)
    except _Lost:
        return [m.start() for m in ANY_SITE.finditer(src)]


def _scan(src: str) -> list[int]:
    scan = _Scan(src)
    i = 0
    while i < len(src):
        if src[i] == "\\":
            i += 2  # an escaped character, or a line continuation (the shell removes those first)
            continue
        j = i + 1  # the next character that counts: `$\<newline>(` is `$(`
        while src.startswith("\\\n", j):
            j += 2
        where = scan.stack[-1]
        if where in ("top", "paren", "group"):
            i = scan.code(i, j)
        elif where == "bq":
            i = scan.backquoted(i, j)
        else:
            i = scan.quoted(i, j)
    if scan.stack != ["top"] or scan.heredocs:
        raise _Lost
    return scan.sites


class _Scan:
    """Where the scan is: a stack of top | paren | group | dq | brace | bq, the here-documents
    whose bodies follow the next newline, and the sites found. Each step takes the character at
    i (and the next that counts, at j) and returns where to go on."""

    def __init__(self, src: str) -> None:
        self.src = src
        self.stack = ["top"]
        self.heredocs: list[tuple[str, bool, bool]] = []  # delimiter, <<- (tabs stripped), quoted
        self.sites: list[int] = []

    def code(self, i: int, j: int) -> int:
        """At the top, in `$(...)` or in a group: quotes, comments and here-documents protect."""
        src, ch = self.src, self.src[i]
        two = ch + src[j : j + 1]
        if ch == "'":
            return _single_quoted_end(src, i)
        if ch == "#" and (i == 0 or src[i - 1] in _COMMENT_AFTER):
            end = src.find("\n", i)
            return len(src) if end < 0 else end
        if src.startswith("<<", i) and not src.startswith("<<<", i):
            return _heredoc_operator(src, i, self.heredocs)
        if ch == "\n" and self.heredocs:
            i = _heredoc_bodies(src, i + 1, self.heredocs, self.sites)
            self.heredocs.clear()
            return i
        if two in ("$(", "<(", ">("):
            self.sites.append(i)
            self.stack.append("paren")
            return j + 1
        if ch == "(":
            self.stack.append("group")
        elif ch == ")" and self.stack[-1] != "top":
            self.stack.pop()
        elif ch == '"':
            self.stack.append("dq")
        elif two == "${":
            self.stack.append("brace")
            return j + 1
        elif ch == "`":
            self.sites.append(i)
            self.stack.append("bq")
        return i + 1

    def backquoted(self, i: int, j: int) -> int:
        ch = self.src[i]
        if ch == "`":
            self.stack.pop()
        elif ch + self.src[j : j + 1] in ("$(", "<(", ">("):
            self.sites.append(i)
        return i + 1

    def quoted(self, i: int, j: int) -> int:
        """Inside double quotes or ${...}: quotes of the other kind do not protect."""
        where, ch = self.stack[-1], self.src[i]
        two = ch + self.src[j : j + 1]
        if (where == "dq" and ch == '"') or (where == "brace" and ch == "}"):
            self.stack.pop()
        elif where == "brace" and ch == '"':
            self.stack.append("dq")
        elif two == "${":
            self.stack.append("brace")
            return j + 1
        elif two == "$(" or (where == "brace" and two in ("<(", ">(")):
            self.sites.append(i)
            self.stack.append("paren")
            return j + 1
        elif ch == "`":
            self.sites.append(i)
            self.stack.append("bq")
        return i + 1


def _single_quoted_end(src: str, i: int) -> int:
    """Just past a single-quoted string starting at `i`. A `$'...'` that bash (backslash
    escapes) and dash (plain quote) would end at different places is not trusted."""
    end = src.find("'", i + 1)
    if end < 0:
        raise _Lost
    before = i - 1
    while before >= 2 and src[before - 1 : before + 1] == "\\\n":
        before -= 2  # `$\<newline>'...'` is `$'...'`
    if before >= 0 and src[before] == "$":
        k = i + 1
        while k < len(src) and src[k] != "'":
            k += 2 if src[k] == "\\" else 1
        if k != end:
            raise _Lost
    return end + 1


def _heredoc_operator(src: str, i: int, heredocs: list[tuple[str, bool, bool]]) -> int:
    j = i + 2
    strip = src.startswith("-", j)
    j += strip
    while j < len(src) and src[j] in " \t":
        j += 1
    start = j
    while j < len(src) and src[j] not in _WORD_END:
        if src[j] in "'\"":
            close = src.find(src[j], j + 1)
            if close < 0:
                raise _Lost
            j = close
        j += 1
    word = src[start:j]
    heredocs.append((re.sub(r"['\"\\]", "", word), strip, any(c in word for c in "'\"\\")))
    return j


def _heredoc_bodies(src: str, i: int, heredocs: list[tuple[str, bool, bool]], sites: list[int]) -> int:
    """Consume the bodies that start at `i`; an unquoted one is scanned flat for sites."""
    for delimiter, strip, quoted in heredocs:
        while True:
            if i > len(src):
                raise _Lost
            end = src.find("\n", i)
            end = len(src) if end < 0 else end
            line = src[i:end]
            if (line.lstrip("\t") if strip else line) == delimiter:
                i = end + 1
                break
            if not quoted:
                k = i
                while k < end:
                    if src[k] == "\\":
                        k += 2
                        continue
                    if _FLAT_SITE.match(src, k):
                        sites.append(k)
                    k += 1
            i = end + 1
    return min(i, len(src))
