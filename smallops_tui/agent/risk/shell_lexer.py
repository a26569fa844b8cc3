"""The shell's words, read as bash reads them: quotes, escapes and line continuations removed,
redirections and here-documents taken apart, and every substitution (`$(...)`, backticks, `<(...)`,
`${...}`, arithmetic) found and handed on as a command line of its own. It never runs anything.

Each word remembers what the shell would do to it (expansions, globs, braces, ANSI-C quoting), so
the risk rules can refuse to guess what a disguised command word means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Redirect:
    """A redirection as read, and what it does to its target, decided once when it is made (the
    judge reads a plain record, not back into the lexer)."""

    op: str  # >, >>, <, >|, &>, &>>, <<, <<<, >&, <&, <>
    target: str
    fd: str = ""
    body: str = ""  # a here-document's text (the target is its delimiter); a here-string's is its target
    dynamic: bool = False  # the target contains an expansion whose value is unknown
    literal: bool = False  # a here-document whose delimiter was quoted: its body is taken as written
    writes: bool = field(init=False, compare=False, repr=False)  # it opens the target for writing
    truncates: bool = field(init=False, compare=False, repr=False)  # ... and empties it first

    def __post_init__(self) -> None:
        if self.op == ">&":  # `>&2` duplicates a descriptor; `>& file` is `&> file`
            writes = not re.fullmatch(r"\d+-?|-", self.target)
        else:
            writes = self.op in (">", ">>", ">|", "&>", "&>>", "<>") and not self.target.startswith("&")
        object.__setattr__(self, "writes", writes)  # frozen: set once, here
        object.__setattr__(self, "truncates", self.op in (">", ">|", "&>", "<>"))



# Parameter expansions in which bash evaluates a variable's value as arithmetic or as a name
# (so a value such as `a[$(cmd)]` runs cmd): an indirect ${!x}, a subscript ${a[x]}, or a
# substring offset or length ${v:x} / ${v:0:x} that names a variable.
_EVALUATING_PARAMETER = re.compile(r"!|#?[A-Za-z_]\w*\[[^\]]*[A-Za-z_$]"
                                   r"|(?:[A-Za-z_]\w*|[@*#?$!-]|\d+)(?:\[[^\]]*\])?:(?![-=?+])[^}]*[A-Za-z_$]")
_NAME_LISTING = re.compile(r"![A-Za-z_]\w*(?:[*@]|\[[*@]\])|#?[A-Za-z_]\w*\[[*@]\]")  # ${!pre*}, ${!a[@]}


# -- lexing -------------------------------------------------------------------------------

_OPERATORS = ("&&", "||", "|&", ";;", "|", "&", ";", "(", ")", "\n")
_OPERATOR = re.compile("|".join(re.escape(o) for o in _OPERATORS))  # longest first, as listed
_REDIRECT = re.compile(r"(\d*)(&>>|&>|>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)")


@dataclass
class Word:
    """A word as the shell would see it after quote removal."""

    text: str
    dynamic: bool = False  # contains an expansion whose value is unknown
    disguise: str = ""  # ANSI-C quoting, an unquoted glob or brace expansion


Token = Word | Redirect | str  # a word, a redirection, or an operator
_ANSI_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f",
                 "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def _ansi_c(body: str) -> str:
    """The value of $'...': backslash escapes decoded as bash does."""
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\" or i + 1 >= len(body):
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        m = re.match(r"x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|([0-7]{1,3})|c(.)", body[i + 1 :])
        if nxt in _ANSI_ESCAPES:
            out.append(_ANSI_ESCAPES[nxt])
            i += 2
        elif m:
            hexa, uni, uni8, octal, ctrl = m.groups()
            code = int(hexa or uni or uni8, 16) if (hexa or uni or uni8) else int(octal, 8) if octal else ord(ctrl) & 31
            out.append(chr(min(code, 0x10FFFF)))
            i += 1 + m.end()
        else:
            out.append("\\" + nxt)
            i += 2
    return "".join(out)


@dataclass
class Lexer:
    src: str
    nested: list[str]  # command lines found inside $(...), backticks, <(...), >(...)
    errors: list[str]
    pos: int = 0
    # Where this lexer saw a substitution start (`$(`, `$((`, backtick, `<(`, `>(`), and the
    # spans of the command substitutions it handed on as nested command lines: the raw scan
    # (shell_sites.py) must find nothing outside these.
    found: list[int] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    inside_parens: bool = False  # lexing the body of $(...): stop at the `)` that closes it
    arithmetic: bool = False  # saw arithmetic that names a variable (bash evaluates its value)

    def tokens(self) -> list[Token]:
        """The command line as words, redirections and operators (`|`, `;`, `&&`, `(`, a newline, ...)."""
        out: list[Token] = []
        heredocs: list[tuple[str, bool, int, bool]] = []  # delimiter, <<-, index of its token, quoted
        src = self.src
        depth = 0
        while self.pos < len(src):
            ch = src[self.pos]
            if ch == "\n" and heredocs:
                self._read_heredocs(heredocs, out)
                heredocs.clear()
                out.append("\n")
                continue
            if ch in " \t":  # not \r: to a shell a carriage return is part of a word (`hi\r#` is no comment)
                self.pos += 1
                continue
            if ch == "\\" and src[self.pos + 1 : self.pos + 2] == "\n":
                self.pos += 2  # line continuation
                continue
            if ch == "#":
                end = src.find("\n", self.pos)
                self.pos = len(src) if end < 0 else end
                continue
            m = _REDIRECT.match(src, self.pos)
            if m and self._pair()[0] not in ("<(", ">("):
                self.pos = m.end()
                op = m.group(2)
                while self.pos < len(src) and src[self.pos] in " \t":
                    self.pos += 1
                word_start = self.pos
                target = self.word()
                if op in ("<<", "<<-"):
                    quoted = any(c in "'\"\\" for c in src[word_start : self.pos])
                    heredocs.append((target.text, op == "<<-", len(out), quoted))
                body = target.text if op == "<<<" else ""
                out.append(Redirect(op, target.text, m.group(1), body, target.dynamic))
                continue
            m = _OPERATOR.match(src, self.pos)
            if m:
                op = m.group()
                if self.inside_parens and op == ")":
                    if depth == 0:
                        return out  # the caller consumes the closing parenthesis
                    depth -= 1
                depth += op == "("
                self.pos += len(op)
                out.append(op)
                continue
            out.append(self.word())
        return out

    def _read_heredocs(self, heredocs: list[tuple[str, bool, int, bool]], out: list[Token]) -> None:
        lines = self.src[self.pos + 1 :].split("\n")
        consumed = self.pos + 1
        for delimiter, strip_tabs, index, quoted in heredocs:
            body_start = consumed
            for i, line in enumerate(lines):
                consumed += len(line) + 1
                if (line.lstrip("\t") if strip_tabs else line) == delimiter:
                    redirect = out[index]
                    assert isinstance(redirect, Redirect)
                    body = "\n".join(lines[:i]) + "\n"
                    dynamic = False
                    if not quoted:  # an unquoted delimiter: the body is expanded, substitutions run
                        self.pos = body_start
                        _, dynamic = self._expansions(body_start + len(body) - 1, "", "")
                    out[index] = Redirect(redirect.op, redirect.target, redirect.fd, body, dynamic, quoted)
                    lines = lines[i + 1 :]
                    break
            else:
                self.errors.append(f"here-document not closed by {delimiter!r}")
                consumed = len(self.src)
                break
        self.pos = min(consumed, len(self.src))

    def _substitution(self, paren: int) -> str:
        """At `$(`, `<(` or `>(` (`paren`: where its parenthesis is, after any line continuations):
        hand the inner command line on; return a placeholder. `$((...))` is arithmetic when its
        parentheses close as `))`, as bash decides."""
        start = self.pos
        self.found.append(start)
        if self.src[start] == "$" and self.src.startswith("((", paren):
            end = self._arithmetic_end(paren + 2)
            if end >= 0:
                self.pos = paren + 2
                self._expansions(end - 2, "", "", arithmetic=True)
                self.pos = end
                return "$((...))"
        inner = Lexer(self.src, [], self.errors, paren + 1, inside_parens=True)
        inner.tokens()
        close = inner.pos
        if close >= len(self.src):
            self.errors.append("unterminated $(...)")
        self.nested.append(self.src[paren + 1 : close])
        self.pos = min(close + 1, len(self.src))
        self.spans.append((start, self.pos))
        return "$(...)"

    def _arithmetic_end(self, pos: int) -> int:
        """Just past the `))` that ends `$((` arithmetic begun before `pos`, or -1 when the first
        parenthesis closes on its own (`$((cmd) )` is a command substitution of a subshell)."""
        depth, src = 0, self.src
        while pos < len(src):
            ch = src[pos]
            if ch == "\\":
                pos += 1
            elif ch == "(":
                depth += 1
            elif ch == ")":
                if depth == 0:
                    return pos + 2 if src.startswith("))", pos) else -1
                depth -= 1
            pos += 1
        return -1

    def _backtick(self) -> str:
        start = self.pos
        self.found.append(start)
        end = start + 1
        while end < len(self.src) and self.src[end] != "`":
            end += 2 if self.src[end] == "\\" else 1
        if end >= len(self.src):
            self.errors.append("unterminated backtick")
            end = len(self.src)
        self.nested.append(re.sub(r"\\([`$\\])", r"\1", self.src[start + 1 : end]))
        self.pos = min(end + 1, len(self.src))
        self.spans.append((start, self.pos))
        return "$(...)"

    def _parameter(self, brace: int, quoted: bool) -> str:
        """At `${` (`brace`: where its brace is): its words are expanded too (`${x:-$(cmd)}`);
        inside double quotes single quotes do not quote (bash), outside they do."""
        self.pos = brace + 1
        text, _ = self._expansions(len(self.src), "}", "\"" if quoted else "'\"")
        if _EVALUATING_PARAMETER.match(text) and not _NAME_LISTING.fullmatch(text):
            self.arithmetic = True  # bash evaluates a name's value here: ${v:x}, ${a[x]}, ${!x}
        return "${" + text + "}"

    def _pair(self) -> tuple[str, int]:
        """The character at self.pos and the next one that counts, line continuations (`\\` and
        a newline, which the shell removes before anything else) skipped; and where that one is."""
        k = self.pos + 1
        while self.src.startswith("\\\n", k):
            k += 2
        return self.src[self.pos] + self.src[k : k + 1], k

    def _expansions(self, end: int, closer: str, quotes: str, arithmetic: bool = False) -> tuple[str, bool]:
        """Scan from self.pos to `closer` (consumed) or index `end`, collecting substitutions;
        return the text and whether it holds an expansion. `quotes` are the quote characters
        that quote here ('"' nests a double-quoted scan, "'" makes a literal)."""
        src = self.src
        parts: list[str] = []
        dynamic = False
        while self.pos < min(end, len(src)):
            ch = src[self.pos]
            two, k = self._pair()
            if closer and ch == closer:
                self.pos += 1
                return "".join(parts), dynamic
            if ch == "\\":
                nxt = src[self.pos + 1 : self.pos + 2]
                parts.append("" if nxt == "\n" else nxt if nxt in '"\\$`}' else ch + nxt)
                self.pos += 2
                continue
            if two == "$(" or (two in ("<(", ">(") and closer != '"' and not arithmetic):
                parts.append(self._substitution(k))
                dynamic = True
                continue
            if two in ("<(", ">("):  # a comparison in arithmetic, or literal in double quotes
                self.found.append(self.pos)
            elif ch == "`":
                parts.append(self._backtick())
                dynamic = True
                continue
            elif two == "${":
                self.arithmetic |= arithmetic
                parts.append(self._parameter(k, quoted=closer == '"' or '"' not in quotes))
                dynamic = True
                continue
            elif ch == "$" and re.match(r"[A-Za-z_0-9@*#?$!-]", two[1:]):
                dynamic = True
            elif two == "$[":
                self.arithmetic = True  # bash's old $[...] arithmetic
            elif ch == "'" and "'" in quotes:
                close = src.find("'", self.pos + 1)
                close = len(src) if close < 0 else close
                parts.append(src[self.pos + 1 : close])
                self.pos = close + 1
                continue
            elif ch == '"' and '"' in quotes:
                self.pos += 1
                text, dyn = self._expansions(len(src), '"', "")
                parts.append(text)
                dynamic |= dyn
                continue
            if arithmetic and (ch == "$" or re.match(r"[A-Za-z_]", ch) and not re.match(r"\w", src[self.pos - 1])):
                self.arithmetic = True  # a variable: bash evaluates its value as an expression
            parts.append(ch)
            self.pos += 1
        if closer:
            self.errors.append(f"unterminated {'double quote' if closer == chr(34) else '${...}'}")
        return "".join(parts), dynamic

    def word(self) -> Word:
        """One word from self.pos, quotes and escapes removed, each expansion it holds handed on or
        marked; what a disguised command word would hide (ANSI-C quoting, a glob, braces) named."""
        src = self.src
        parts: list[str] = []
        bare: list[str] = []  # the unquoted, unescaped characters: where globs and braces act
        dynamic = False
        disguise = ""
        while self.pos < len(src):
            ch = src[self.pos]
            if ch in " \t\n;&|()":
                break
            two, k = self._pair()
            if ch in "<>" and two not in ("<(", ">("):
                break
            part = self._special(ch, two, k)
            if part is None:
                if two == "$[":
                    self.arithmetic = True  # bash's old $[...] arithmetic
                parts.append(ch)
                bare.append(ch)
                self.pos += 1
                continue
            text, expands, why = part
            parts.append(text)
            dynamic |= expands
            disguise = disguise or why
        unquoted = "".join(bare)
        if re.search(r"[*?]|\[[^\]]*\]", unquoted):
            disguise = disguise or "a glob"
        elif re.search(r"\{[^{}]*(?:,|\.\.)[^{}]*\}", unquoted):
            disguise = disguise or "brace expansion"
        return Word("".join(parts), dynamic, disguise)

    def _special(self, ch: str, two: str, k: int) -> tuple[str, bool, str] | None:
        """A quoted, escaped or expanding part of a word at self.pos: its text, whether it expands,
        and what it disguises; None for a plain character."""
        src = self.src
        if two in ("<(", ">(", "$("):
            return self._substitution(k), True, ""
        if ch == "\\":
            text = "" if src.startswith("\n", self.pos + 1) else src[self.pos + 1 : self.pos + 2]
            self.pos += 2
            return text, False, ""
        if two == "$'":
            return self._ansi_quoted(k), False, "ANSI-C quoting ($'...')"
        if two == '$"':
            self.pos = k  # $"..." is a translatable double-quoted string
            return "", False, ""
        if ch == "'":
            end = src.find("'", self.pos + 1)
            if end < 0:
                self.errors.append("unterminated single quote")
                end = len(src)
            text = src[self.pos + 1 : end]
            self.pos = end + 1
            return text, False, ""
        if ch == '"':
            self.pos += 1
            text, expands = self._expansions(len(src), '"', "")
            return text, expands, ""
        if ch == "`":
            return self._backtick(), True, ""
        if two == "${":
            return self._parameter(k, quoted=False), True, ""
        if ch == "$" and re.match(r"[A-Za-z_0-9@*#?$!-]", two[1:]):
            m = re.match(r"[A-Za-z_][A-Za-z_0-9]*|[0-9@*#?$!-]", src[k:])
            assert m
            self.pos = k + m.end()
            return "$" + m.group(0), True, ""
        return None

    def _ansi_quoted(self, k: int) -> str:
        """At `$'` (its quote at k): the decoded value, and self.pos past the closing quote."""
        src = self.src
        end = src.find("'", k + 1)
        while end > 0 and src[end - 1] == "\\" and not src[k + 1 : end].endswith("\\\\"):
            end = src.find("'", end + 1)
        if end < 0:
            self.errors.append("unterminated $'...' quote")
            end = len(src)
        self.pos = end + 1
        return _ansi_c(src[k + 1 : end])
