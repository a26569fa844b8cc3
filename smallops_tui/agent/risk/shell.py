"""Look through a shell command line to the simple commands it would run.

The risk rules judge each simple command, so this module exposes everything a command hides:
pipelines, `;`/`&&`/`||`/`&`, subshells and braces, `$(...)`, backticks, process substitution,
redirections, here-documents, assignments and `env`/`sudo`/`nice`/`timeout`/`xargs`/... prefixes,
`bash -c "..."`/`eval`/`env -S`/`script -c`, here-documents and here-strings fed to a shell,
`busybox`/`toybox` applets, and `find -exec`. It never runs anything. It errs on the side of
finding more commands than the shell would: a string a shell would run is analysed as a command
line of its own. Each word remembers what the shell would do to it (expansions, globs, braces,
ANSI-C quoting), so the risk rules can refuse to guess what a disguised command word means.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cached_property

from .shell_sites import substitution_sites

MAX_NESTING = 8

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "csh", "tcsh", "rbash"})
# Words that start or end a compound command; the command proper follows them.
KEYWORDS = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until", "{", "}", "!",
                      "esac", "in", "function", "coproc"})
# Loop and case headers name variables and words, not commands.
HEADER_KEYWORDS = frozenset({"for", "case", "select"})


@dataclass(frozen=True)
class Redirect:
    op: str  # >, >>, <, >|, &>, &>>, <<, <<<, >&, <&, <>
    target: str
    fd: str = ""
    body: str = ""  # a here-document's text (the target is its delimiter); a here-string's is its target
    dynamic: bool = False  # the target contains an expansion whose value is unknown

    @property
    def writes(self) -> bool:
        if self.op == ">&":  # `>&2` duplicates a descriptor; `>& file` is `&> file`
            return not re.fullmatch(r"\d+-?|-", self.target)
        return self.op in (">", ">>", ">|", "&>", "&>>", "<>") and not self.target.startswith("&")

    @property
    def truncates(self) -> bool:
        return self.op in (">", ">|", "&>", "<>")


@dataclass
class SimpleCommand:
    argv: list[str]
    redirects: list[Redirect] = field(default_factory=list)
    via: tuple[str, ...] = ()  # prefixes and wrappers looked through, e.g. ("sudo", "xargs")
    piped_from: SimpleCommand | None = None  # the command whose output feeds this one
    dynamic: bool = False  # the program name is computed at run time ($VAR, $(...))
    disguise: str = ""  # why the command word cannot be read as written ($'...', glob, brace)
    assignments: list[str] = field(default_factory=list)  # NAME=value prefixes (also env's)
    dynamic_args: frozenset[int] = frozenset()  # indexes into args of words with expansions
    inline: str = ""  # the option that handed this program code to run (sh -c, env -S, script -c)
    chdir: str = ""  # env -C DIR: where it runs
    git_globals: list[str] = field(default_factory=list)  # git's options before the subcommand

    @cached_property
    def program(self) -> str:  # argv[0] never changes once the command is built
        return os.path.basename(self.argv[0]) if self.argv else ""

    @property
    def args(self) -> list[str]:
        return self.argv[1:]

    def text(self) -> str:
        return " ".join(self.argv + [f"{r.fd}{r.op}{r.target}" for r in self.redirects])


@dataclass
class ShellAnalysis:
    raw: str
    commands: list[SimpleCommand] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)  # substitutions the raw scan saw and the lexer did not
    arithmetic: bool = False  # arithmetic names a variable, whose value bash evaluates (and can run)


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
class _Word:
    text: str
    dynamic: bool = False  # contains an expansion whose value is unknown
    disguise: str = ""  # ANSI-C quoting, an unquoted glob or brace expansion


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
class _Lexer:
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

    def tokens(self) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        heredocs: list[tuple[str, bool, int, bool]] = []  # delimiter, <<-, index of its token, quoted
        src = self.src
        depth = 0
        while self.pos < len(src):
            ch = src[self.pos]
            if ch == "\n" and heredocs:
                self._read_heredocs(heredocs, out)
                heredocs.clear()
                out.append(("op", "\n"))
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
                target = self._word()
                if op in ("<<", "<<-"):
                    quoted = any(c in "'\"\\" for c in src[word_start : self.pos])
                    heredocs.append((target.text, op == "<<-", len(out), quoted))
                body = target.text if op == "<<<" else ""
                out.append(("redir", Redirect(op, target.text, m.group(1), body, target.dynamic)))
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
                out.append(("op", op))
                continue
            out.append(("word", self._word()))
        return out

    def _read_heredocs(self, heredocs: list[tuple[str, bool, int, bool]], out: list[tuple[str, object]]) -> None:
        lines = self.src[self.pos + 1 :].split("\n")
        consumed = self.pos + 1
        for delimiter, strip_tabs, index, quoted in heredocs:
            body_start = consumed
            for i, line in enumerate(lines):
                consumed += len(line) + 1
                if (line.lstrip("\t") if strip_tabs else line) == delimiter:
                    redirect = out[index][1]
                    assert isinstance(redirect, Redirect)
                    body = "\n".join(lines[:i]) + "\n"
                    dynamic = False
                    if not quoted:  # an unquoted delimiter: the body is expanded, substitutions run
                        self.pos = body_start
                        _, dynamic = self._expansions(body_start + len(body) - 1, "", "")
                    out[index] = ("redir", Redirect(redirect.op, redirect.target, redirect.fd, body, dynamic))
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
        inner = _Lexer(self.src, [], self.errors, paren + 1, inside_parens=True)
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

    def _word(self) -> _Word:
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
            if two in ("<(", ">("):
                parts.append(self._substitution(k))
                dynamic = True
                continue
            if ch in "<>":
                break
            if ch == "\\":
                parts.append("" if src.startswith("\n", self.pos + 1) else src[self.pos + 1 : self.pos + 2])
                self.pos += 2
                continue
            if two == "$'":
                end = src.find("'", k + 1)
                while end > 0 and src[end - 1] == "\\" and not src[k + 1 : end].endswith("\\\\"):
                    end = src.find("'", end + 1)
                if end < 0:
                    self.errors.append("unterminated $'...' quote")
                    end = len(src)
                parts.append(_ansi_c(src[k + 1 : end]))
                disguise = disguise or "ANSI-C quoting ($'...')"
                self.pos = end + 1
                continue
            if two == '$"':
                self.pos = k  # $"..." is a translatable double-quoted string
                continue
            if ch == "'":
                end = src.find("'", self.pos + 1)
                if end < 0:
                    self.errors.append("unterminated single quote")
                    end = len(src)
                parts.append(src[self.pos + 1 : end])
                self.pos = end + 1
                continue
            if ch == '"':
                self.pos += 1
                text, dyn = self._expansions(len(src), '"', "")
                parts.append(text)
                dynamic |= dyn
                continue
            if two == "$(":
                parts.append(self._substitution(k))
                dynamic = True
                continue
            if ch == "`":
                parts.append(self._backtick())
                dynamic = True
                continue
            if two == "${":
                parts.append(self._parameter(k, quoted=False))
                dynamic = True
                continue
            if two == "$[":
                self.arithmetic = True  # bash's old $[...] arithmetic
            if ch == "$" and re.match(r"[A-Za-z_0-9@*#?$!-]", two[1:]):
                m = re.match(r"[A-Za-z_][A-Za-z_0-9]*|[0-9@*#?$!-]", src[k:])
                assert m
                parts.append("$" + m.group(0))
                self.pos = k + m.end()
                dynamic = True
                continue
            parts.append(ch)
            bare.append(ch)
            self.pos += 1
        unquoted = "".join(bare)
        if re.search(r"[*?]|\[[^\]]*\]", unquoted):
            disguise = disguise or "a glob"
        elif re.search(r"\{[^{}]*(?:,|\.\.)[^{}]*\}", unquoted):
            disguise = disguise or "brace expansion"
        return _Word("".join(parts), dynamic, disguise)


# -- from tokens to simple commands ---------------------------------------------------------

def analyze(command: str) -> ShellAnalysis:
    """All simple commands a command line would run, wrappers and nesting looked through."""
    result = ShellAnalysis(command)
    _analyze_into(command, result, via=(), depth=0)
    return result


def _analyze_into(command: str, result: ShellAnalysis, via: tuple[str, ...], depth: int) -> None:
    if depth > MAX_NESTING:  # what is not looked through may run anything: fail closed
        result.hidden.append(f"commands nested more than {MAX_NESTING} deep: {command[:40]}")
        return
    nested: list[str] = []
    lexer = _Lexer(command, nested, result.errors)
    tokens = lexer.tokens()
    words: list[_Word] = []
    redirects: list[Redirect] = []
    previous: SimpleCommand | None = None
    piped = False

    def finish(pipe_follows: bool) -> None:
        nonlocal words, redirects, previous, piped
        if words or redirects:
            for cmd in _unwrap(words, redirects, via, result, depth):
                if piped and previous is not None:
                    cmd.piped_from = previous
                result.commands.append(cmd)
                previous = cmd
        words, redirects = [], []
        piped = pipe_follows
        if not pipe_follows:
            previous = None

    for kind, value in tokens:
        if kind == "word":
            words.append(value)  # type: ignore[arg-type]
        elif kind == "redir":
            redirects.append(value)  # type: ignore[arg-type]
        else:
            finish(pipe_follows=value in ("|", "|&"))
    finish(pipe_follows=False)
    result.arithmetic |= lexer.arithmetic
    for site in substitution_sites(command):
        if site not in lexer.found and not any(start < site < end for start, end in lexer.spans):
            result.hidden.append(command[site : site + 40])
    for inner in nested:
        _analyze_into(inner, result, via + ("$(...)",), depth + 1)


# Wrappers looked through to the command they run, with the options that take a separate value.
_OPTION_ARGS = {
    "sudo": {"-u", "-g", "-C", "-h", "-p", "-U", "-r", "-t", "-D", "-R", "-T"},
    "doas": {"-u", "-C"},
    "nice": {"-n", "--adjustment"},
    "ionice": {"-c", "-n", "-p", "--class", "--classdata"},
    "chrt": set(),
    "taskset": set(),
    "timeout": {"-s", "-k", "--signal", "--kill-after"},
    # GNU xargs: -i, -e and -l take an optional *attached* value only (-i is -I{}).
    "xargs": {"-n", "-I", "-P", "-L", "-d", "-a", "-E", "-s", "--max-args", "--max-procs", "--delimiter",
              "--arg-file", "--max-chars", "--process-slot-var"},
    "parallel": {"-j", "-n", "-I", "-S", "--jobs"},
    "env": {"-u", "-C", "-S", "--unset", "--chdir", "--split-string"},
    "stdbuf": {"-i", "-o", "-e"},
    "watch": {"-n", "-d", "--interval"},
    "setsid": set(),
    "flock": {"-w", "-E", "--timeout", "--conflict-exit-code"},
    "command": set(),
    "exec": {"-a"},
    "nohup": set(),
    "time": {"-f", "-o", "--format", "--output"},
    "builtin": set(),
    "chronic": set(),
    "unbuffer": set(),
    "busybox": set(),
    "toybox": set(),
    "torsocks": set(),
    "proxychains": {"-f"},
    "proxychains4": {"-f"},
    "catchsegv": set(),
    "strace": {"-o", "-e", "-p", "-s", "-u", "-E"},
    "ltrace": {"-o", "-e", "-p", "-s", "-u"},
    "valgrind": set(),
    "faketime": set(),
    "firejail": set(),
    "rlwrap": set(),
    "prlimit": {"-p", "--pid", "-o", "--output"},
    "eatmydata": set(),
    "nocache": set(),
    "fakeroot": {"-l", "--lib", "--faked", "-s", "-i"},
    "numactl": {"-C", "-N", "-m", "-p", "-i", "-P", "--cpunodebind", "--membind", "--preferred", "--interleave",
                "--physcpubind"},
    "dbus-run-session": {"--config-file", "--dbus-daemon"},
    "xvfb-run": {"-n", "-s", "-f", "-e", "-p", "--server-num", "--server-args", "--auth-file", "--error-file"},
    "gosu": set(),
    "su-exec": set(),
    "chpst": {"-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c", "-r", "-t"},
    # Runners (see _RUNNERS), named with their subcommand.
    **{runner: {"--with", "-w", "--python", "-p", "--package", "--env-file", "--directory", "--project", "--extra",
                "--group", "--index", "--index-url", "--from", "-n", "--name", "--prefix", "-e", "--env",
                "--spec", "--filter", "-C", "--dir", "--cwd"}
       for runner in ("uv run", "uvx", "poetry run", "pipenv run", "pdm run", "hatch run", "rye run", "pixi run",
                      "conda run", "mamba run", "micromamba run", "bundle exec", "npm exec", "npm x", "pnpm exec",
                      "pnpm dlx", "yarn exec", "yarn dlx", "npx", "bunx", "pipx run", "direnv exec")},
}
# Programs that set up an environment (and may install packages from the network) and then run a
# command: the runner itself is judged (not read-only), and so is the command it runs.
_RUNNERS: dict[str, frozenset[str]] = {
    "uv": frozenset({"run"}), "uvx": frozenset(), "poetry": frozenset({"run"}), "pipenv": frozenset({"run"}),
    "pdm": frozenset({"run"}), "hatch": frozenset({"run"}), "rye": frozenset({"run"}), "pixi": frozenset({"run"}),
    "conda": frozenset({"run"}), "mamba": frozenset({"run"}), "micromamba": frozenset({"run"}),
    "bundle": frozenset({"exec"}), "npm": frozenset({"exec", "x"}), "pnpm": frozenset({"exec", "dlx"}),
    "yarn": frozenset({"exec", "dlx"}), "npx": frozenset(), "bunx": frozenset(), "pipx": frozenset({"run"}),
    "direnv": frozenset({"exec"}),
}


def _runner(name: str, words: list[_Word], i: int) -> str:
    """`uv run` (as one name) when words[i:] start a runner's command, else ""."""
    subcommands = _RUNNERS.get(name)
    if subcommands is None or words[i].dynamic or words[i].disguise:
        return ""
    if not subcommands:
        return name
    following = words[i + 1].text if i + 1 < len(words) else ""
    return f"{name} {following}" if following in subcommands else ""
# Wrapper options known to take no separate value; an option in neither table may take one.
_WRAPPER_FLAGS: dict[str, frozenset[str]] = {name: frozenset(flags.split()) for name, flags in {
    "xargs": "-0 -r -t -p -x -o -i -e -l --null --no-run-if-empty --verbose --interactive --exit --open-tty",
    "timeout": "-v --verbose --foreground --preserve-status",
    "env": "-i -0 -v - --ignore-environment --null --debug --default-signal --ignore-signal --block-signal "
           "--list-signal-handling",
    "setsid": "-c -f -w --ctty --fork --wait", "nohup": "", "stdbuf": "", "command": "-p",
    "exec": "-c -l", "time": "-p -v -a -q --verbose --append --quiet --portability",
    "ionice": "-t --ignore", "nice": "",
    "flock": "-s -x -n -u -o -F --shared --exclusive --nonblock --nb --unlock --close --no-fork --verbose",
    "strace": "-c -C -d -D -DD -f -ff -F -h -i -k -n -q -qq -r -t -tt -ttt -T -v -V -w -x -xx -y -yy -z -Z",
    "ltrace": "-b -c -C -d -f -h -i -r -S -t -tt -ttt -T -V",
    "taskset": "-a -p --all-tasks --pid -c --cpu-list", "chrt": "-a -b -d -e -f -i -m -o -r -R -v --all-tasks "
    "--batch --deadline --fifo --idle --max --other --rr --reset-on-fork --verbose",
    "watch": "-b -c -d -e -g -p -t -x -w -C --beep --color --differences --errexit --chgexit --precise "
             "--no-title --exec --no-wrap --no-color",
}.items()}
# xargs's -i, -e and -l take an optional value, attached only (-i{}, -lN).
_OPTIONAL_ATTACHED = {"xargs": ("-i", "-e", "-l"), "nice": ("-",)}
MAX_ALTERNATIVES = 4


def _known_wrapper_flag(name: str, option: str, takes_arg: set[str]) -> bool:
    """Whether a wrapper's option is known not to swallow the next word."""
    flags = _WRAPPER_FLAGS.get(name, frozenset())
    if option in flags or (option.startswith("--") and "=" in option):
        return True
    if not option.startswith("--") and len(option) > 2 and (option[:2] in takes_arg
                                                           or option.startswith(_OPTIONAL_ATTACHED.get(name, ()))):
        return True  # a value attached: -n5, -i{}, nice -10
    return len(option) > 2 and not option.startswith("--") and all(f"-{c}" in flags for c in option[1:])


_PRIVILEGE = frozenset({"sudo", "doas", "su", "pkexec", "run0", "runuser", "sg"})
# Wrapper options that write a file: judged as a redirection of the command they wrap.
_WRAPPER_OUTPUTS = {"strace": ("-o",), "ltrace": ("-o",), "time": ("-o", "--output")}
# Programs that run each of their operands as a shell command line.
_RUNS_ARGUMENTS = frozenset({"hyperfine"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*=")
# Options whose value a program runs as a shell command line (looked through as one).
_SHELL_STRING_OPTIONS: dict[str, tuple[str, ...]] = {
    "script": ("-c", "--command"), "flock": ("-c", "--command"), "su": ("-c", "--command"),
    "runuser": ("-c", "--command"), "sg": ("-c",), "expect": ("-c",),
    "npx": ("-c", "--call"), "npm exec": ("-c", "--call"), "npm x": ("-c", "--call"),
}


def _unwrap(words: list[_Word], redirects: list[Redirect], via: tuple[str, ...],
            result: ShellAnalysis, depth: int) -> list[SimpleCommand]:
    """Strip keywords, assignments and wrapper programs; expand -c strings and -exec."""
    extra: list[SimpleCommand] = []
    assignments: list[str] = []
    alternatives: list[tuple[list[_Word], tuple[str, ...]]] = []  # other readings of unknown wrapper options
    cleared_environment = False  # env -i: git loses the hardening the sandbox puts in its environment
    chdir = ""
    i = 0
    via = tuple(via)
    while i < len(words):
        word = words[i].text
        if word in KEYWORDS and not words[i].dynamic:
            # `function NAME { body; }` and `coproc NAME { body; }`: the body's commands follow.
            named = word == "function" or (word == "coproc" and i + 2 < len(words) and words[i + 2].text == "{")
            i += 2 if named else 1
            continue
        if word in HEADER_KEYWORDS:
            # `for x in ...`: the body follows after `do`. The loop assigns its variable, and
            # `for PATH in bin; do ls; done` runs bin/ls: judged as the assignment it is.
            if word in ("for", "select") and i + 1 < len(words):
                from .command_tables import CODE_VARIABLES  # here: command_tables imports this module

                if CODE_VARIABLES.match(words[i + 1].text):
                    return extra + [SimpleCommand([], [], via, assignments=[f"{words[i + 1].text}=(a {word} loop)"])]
            return extra
        if _ASSIGNMENT.match(word):
            assignments.append(word)
            i += 1
            continue
        name = os.path.basename(word)
        runner = _runner(name, words, i)
        if runner:
            # `uv run CMD`, `npx CMD`: sets up an environment (may install packages), then runs CMD.
            used = len(runner.split())
            extra.append(SimpleCommand([w.text for w in words[i : i + used]], [], via))
            words = words[:i] + [_Word(runner)] + words[i + used :]
            name = runner
        if (name in _OPTION_ARGS or name in _PRIVILEGE) and not words[i].dynamic and not words[i].disguise:
            if name == "command" and any(w.text in ("-v", "-V") for w in words[i + 1 : i + 2]):
                break  # `command -v x` looks a name up; it runs nothing
            wrapper_at, via_before = i, via
            via = via + (name,)
            i += 1
            takes_arg = _OPTION_ARGS.get(name, {"-u", "-g", "-c", "--command"})
            if name in _SHELL_STRING_OPTIONS and name not in ("su", "runuser", "sg"):
                script = _option_value([w.text for w in words[i:]], _SHELL_STRING_OPTIONS[name])
                if script is not None:  # flock FILE -c "command line"
                    _analyze_into(script, result, via, depth + 1)
                    return extra + [SimpleCommand([name], list(redirects), via[:-1], assignments=assignments,
                                                  inline=_SHELL_STRING_OPTIONS[name][0])]
            if name in ("su", "runuser", "sg"):
                # su [-] [user] [-c "command"]: the -c string is a command line.
                script = _option_value([w.text for w in words[i:]], _SHELL_STRING_OPTIONS[name])
                if script is not None:
                    _analyze_into(script, result, via, depth + 1)
                return extra + [SimpleCommand([name], list(redirects), via, assignments=assignments,
                                              inline="-c" if script is not None else "")]
            while i < len(words):
                w = words[i].text
                if name == "env" and _ASSIGNMENT.match(w):
                    assignments.append(w)
                    i += 1
                    continue
                if name == "env" and _env_split_string(w, words, i) is not None:
                    script = _env_split_string(w, words, i)
                    assert script is not None
                    _analyze_into(script, result, via, depth + 1)
                    return extra + [SimpleCommand(["env"], list(redirects), via[:-1], assignments=assignments,
                                                  inline="-S")]
                if name == "env" and re.fullmatch(r"-u.+", w):
                    assignments.append(f"{w[2:]}=(unset by env)")  # -uNAME
                elif name == "env" and (w in ("-u", "--unset") or w.startswith("--unset=")):
                    # Unsetting is setting: `env -u PATH` changes where names are looked up, and
                    # `env -u GIT_CONFIG_COUNT git` drops the hardening the sandbox gives git.
                    unset = w.split("=", 1)[1] if "=" in w else (words[i + 1].text if i + 1 < len(words) else "")
                    assignments.append(f"{unset}=(unset by env)")
                if (name == "env" and w in ("-i", "--ignore-environment", "-")) or (
                        name == "exec" and re.fullmatch(r"-[a-z]*c[a-z]*", w)):  # bash's exec -c
                    cleared_environment = True
                if name == "env" and (w in ("-C", "--chdir") or w.startswith("--chdir=")):
                    chdir = w.split("=", 1)[1] if "=" in w else (words[i + 1].text if i + 1 < len(words) else "")
                if w == "--":
                    i += 1
                    break
                if name in _WRAPPER_OUTPUTS and w in _WRAPPER_OUTPUTS[name] and i + 1 < len(words):
                    redirects = [*redirects, Redirect(">", words[i + 1].text, "", "", words[i + 1].dynamic)]
                if (w.startswith("-") and len(w) > 1) or (name == "env" and w == "-"):
                    if w in takes_arg:
                        i += 2
                        continue
                    if not _known_wrapper_flag(name, w, takes_arg) and depth < MAX_NESTING \
                            and len(alternatives) < MAX_ALTERNATIVES and i + 2 < len(words):
                        # An option these tables do not know may take the next word as its value
                        # (`strace -P ls rm -rf src` runs rm): judge that reading too.
                        alternatives.append(([words[wrapper_at]] + words[i + 2 :], via_before))
                    i += 1
                    continue
                if name in ("nice",) and re.fullmatch(r"-?\d+", w):
                    i += 1
                    continue
                break
            if name == "watch" and i < len(words) and not any(w.text in ("-x", "--exec") or
                                                              re.fullmatch(r"-[a-wyz]*x[a-z]*", w.text)
                                                              for w in words[:i]):
                # watch hands its words, joined, to `sh -c`: `watch 'rm -rf src'` is a command line.
                _analyze_into(" ".join(w.text for w in words[i:]), result, via, depth + 1)
                return extra + [SimpleCommand([name], list(redirects), via[:-1], assignments=assignments)]
            if name in ("timeout", "chrt", "taskset") and i < len(words):
                i += 1  # the duration, priority or cpu mask
            if name in ("flock", "gosu", "su-exec", "direnv exec") and i < len(words):
                i += 1  # the lock file, the user, the directory
            if i >= len(words):
                # A wrapper with no command: sudo alone, xargs alone (runs echo), env alone.
                return extra + [SimpleCommand([name], list(redirects), via[:-1], assignments=assignments)]
            continue
        break
    for other_words, other_via in alternatives:
        extra.extend(_unwrap(other_words, redirects, other_via, result, depth + 1))
    rest = words[i:]
    if not rest:
        return extra + ([SimpleCommand([], list(redirects), via, assignments=assignments)]
                        if redirects or assignments else [])
    argv = [w.text for w in rest]
    cmd = SimpleCommand(argv, list(redirects), via, dynamic=rest[0].dynamic, disguise=rest[0].disguise,
                        assignments=assignments, chdir=chdir,
                        dynamic_args=frozenset(k - 1 for k, w in enumerate(rest) if k and (w.dynamic or w.disguise)))
    program = cmd.program
    if cleared_environment and program == "git":
        cmd.assignments.append("GIT_CONFIG_COUNT=(cleared by env -i)")
    if program in SHELLS or program == "eval":
        script = _inline_script(argv) if program != "eval" else " ".join(argv[1:])
        if script is not None:
            cmd.inline = "-c" if program != "eval" else "eval"
            _analyze_into(script, result, via + (f"{program} -c",), depth + 1)
        for redirect in redirects:
            if redirect.body and redirect.op in ("<<", "<<-", "<<<"):
                _analyze_into(redirect.body, result, via + (f"{program} {redirect.op}",), depth + 1)
    elif program in _SHELL_STRING_OPTIONS:
        script = _option_value(argv[1:], _SHELL_STRING_OPTIONS[program])
        if script is not None:
            cmd.inline = _SHELL_STRING_OPTIONS[program][0]
            _analyze_into(script, result, via + (f"{program} -c",), depth + 1)
    elif program in _RUNS_ARGUMENTS:
        # Benchmark runners take command lines as operands and option values (--prepare 'cmd').
        for arg in argv[1:]:
            script = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
            if not script.startswith("-"):
                _analyze_into(script, result, via + (program,), depth + 1)
    if program == "find":
        extra.extend(_find_exec(rest, via, result, depth))
    if program == "git":
        cmd.git_globals = _git_globals(argv)
        cmd.argv = _normalize_git(argv)
    return extra + [cmd]


def _option_value(args: list[str], options: tuple[str, ...]) -> str | None:
    """The value of the first of `options` in `args` (`-c X`, `-qc X`, `--command=X`), or None."""
    shorts = [o[1] for o in options if len(o) == 2]
    for k, arg in enumerate(args):
        for option in options:
            if option.startswith("--") and arg.startswith(option + "="):
                return arg.split("=", 1)[1]
            if arg == option:
                return args[k + 1] if k + 1 < len(args) else ""
        if re.fullmatch(r"-[A-Za-z]+", arg) and any(c in arg[1:] for c in shorts):
            letter = next(c for c in arg[1:] if c in shorts)
            attached = arg[arg.index(letter) + 1 :]
            return attached if attached else (args[k + 1] if k + 1 < len(args) else "")
    return None


def _env_split_string(word: str, words: list[_Word], i: int) -> str | None:
    """The string of `env -S STRING` (also -vS, -S'...', --split-string=...), else None."""
    if word.startswith("--split-string"):
        return word.split("=", 1)[1] if "=" in word else (words[i + 1].text if i + 1 < len(words) else "")
    if re.fullmatch(r"-[A-Za-z]*S.*", word) and not word.startswith("--"):
        attached = word[word.index("S") + 1 :]
        return attached if attached else (words[i + 1].text if i + 1 < len(words) else "")
    return None


def _inline_script(argv: list[str]) -> str | None:
    """The command string of `bash -c "..."` (also -lc, -ec, ...)."""
    for k, arg in enumerate(argv[1:], start=1):
        if arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
            return argv[k + 1] if k + 1 < len(argv) else ""
        if not arg.startswith("-"):
            return None  # a script file: not something we can look into
    return None


def _find_exec(words: list[_Word], via: tuple[str, ...], result: ShellAnalysis, depth: int) -> list[SimpleCommand]:
    """The commands `find -exec/-execdir/-ok/-okdir ... ;|+` runs, wrappers looked through."""
    found: list[SimpleCommand] = []
    k = 0
    while k < len(words):
        if words[k].text in ("-exec", "-execdir", "-ok", "-okdir"):
            end = k + 1
            while end < len(words) and words[end].text not in (";", "+", "\\;"):
                end += 1
            inner = words[k + 1 : end]
            if inner:
                found.extend(_unwrap(inner, [], via + ("find -exec",), result, depth + 1))
            k = end
        k += 1
    return found


_GIT_OPTIONS_WITH_ARG = {"-C", "-c", "--git-dir", "--work-tree", "--namespace"}


def _git_globals(argv: list[str]) -> list[str]:
    """git's own options, before the subcommand (`-C dir`, `-c key=value`, `--no-pager`, ...)."""
    k = 1
    while k < len(argv) and argv[k].startswith("-"):
        k += 2 if argv[k] in _GIT_OPTIONS_WITH_ARG else 1
    return argv[1:k]


def _normalize_git(argv: list[str]) -> list[str]:
    """`git -C dir --no-pager reset --hard` -> `git reset --hard`, so rules see the subcommand."""
    out = [argv[0]]
    k = 1
    while k < len(argv) and argv[k].startswith("-"):
        k += 2 if argv[k] in _GIT_OPTIONS_WITH_ARG else 1
    return out + argv[k:]
