"""Look through a shell command line to the simple commands it would run.

The risk rules judge each simple command, so this module exposes everything a command hides:
pipelines, `;`/`&&`/`||`/`&`, subshells and braces, `$(...)`, backticks, process substitution,
redirections, here-documents, assignments and `env`/`sudo`/`nice`/`timeout`/`xargs`/... prefixes,
`bash -c "..."`/`eval`, and `find -exec`. It never runs anything. It errs on the side of
finding more commands than the shell would (a here-document body is skipped, but a quoted
string passed to `bash -c` is analysed as a command line of its own).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

MAX_NESTING = 8

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "busybox"})
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

    @property
    def writes(self) -> bool:
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

    @property
    def program(self) -> str:
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


# -- lexing -------------------------------------------------------------------------------

_OPERATORS = ("&&", "||", "|&", ";;", "|", "&", ";", "(", ")", "\n")
_REDIRECT = re.compile(r"(\d*)(&>>|&>|>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)")


@dataclass
class _Word:
    text: str
    dynamic: bool = False  # contains an expansion whose value is unknown


@dataclass
class _Lexer:
    src: str
    nested: list[str]  # command lines found inside $(...), backticks, <(...)
    errors: list[str]
    pos: int = 0

    def tokens(self) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        heredocs: list[tuple[str, bool]] = []
        src = self.src
        while self.pos < len(src):
            ch = src[self.pos]
            if ch == "\n" and heredocs:
                self._skip_heredocs(heredocs)
                heredocs.clear()
                out.append(("op", "\n"))
                continue
            if ch in " \t\r":
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
            if m and not (ch in "<>" and src.startswith("(", self.pos + 1)):
                self.pos = m.end()
                op = m.group(2)
                while self.pos < len(src) and src[self.pos] in " \t":
                    self.pos += 1
                target = self._word()
                if op in ("<<", "<<-"):
                    heredocs.append((target.text, op == "<<-"))
                out.append(("redir", Redirect(op, target.text, m.group(1))))
                continue
            op = next((o for o in _OPERATORS if src.startswith(o, self.pos)), None)
            if op:
                self.pos += len(op)
                out.append(("op", op))
                continue
            out.append(("word", self._word()))
        return out

    def _skip_heredocs(self, heredocs: list[tuple[str, bool]]) -> None:
        lines = self.src[self.pos + 1 :].split("\n")
        consumed = self.pos + 1
        for delimiter, strip_tabs in heredocs:
            for i, line in enumerate(lines):
                consumed += len(line) + 1
                if (line.lstrip("\t") if strip_tabs else line) == delimiter:
                    lines = lines[i + 1 :]
                    break
            else:
                self.errors.append(f"here-document not closed by {delimiter!r}")
                consumed = len(self.src)
                break
        self.pos = min(consumed, len(self.src))

    def _balanced(self, open_ch: str, close_ch: str) -> str:
        """Text up to the matching close bracket; self.pos starts just after the opener."""
        depth, start, src = 1, self.pos, self.src
        quote = ""
        while self.pos < len(src):
            ch = src[self.pos]
            if quote:
                if ch == "\\" and quote == '"':
                    self.pos += 1
                elif ch == quote:
                    quote = ""
            elif ch in "'\"":
                quote = ch
            elif ch == "\\":
                self.pos += 1
            elif ch == open_ch:
                depth += 1
            elif ch == close_ch:
                depth -= 1
                if depth == 0:
                    self.pos += 1
                    return src[start : self.pos - 1]
            self.pos += 1
        self.errors.append(f"unterminated {open_ch}...{close_ch}")
        return src[start:]

    def _substitution(self) -> str:
        """At `$(`, `<(` or `>(`: collect the inner command line; return a placeholder."""
        self.pos += 2
        if self.src[self.pos - 2] == "$" and self.src.startswith("(", self.pos):
            # $(( arithmetic )): no command inside; skip the inner group and the last ")".
            self.pos += 1
            self._balanced("(", ")")
            if self.src.startswith(")", self.pos):
                self.pos += 1
            return "$((...))"
        self.nested.append(self._balanced("(", ")"))
        return "$(...)"

    def _backtick(self) -> str:
        self.pos += 1
        end = self.src.find("`", self.pos)
        if end < 0:
            self.errors.append("unterminated backtick")
            end = len(self.src)
        self.nested.append(self.src[self.pos : end].replace("\\`", "`"))
        self.pos = min(end + 1, len(self.src))
        return "$(...)"

    def _word(self) -> _Word:
        src = self.src
        parts: list[str] = []
        dynamic = False
        while self.pos < len(src):
            ch = src[self.pos]
            if ch in " \t\r\n;&|()":
                break
            if ch in "<>" and src[self.pos + 1 : self.pos + 2] == "(":
                parts.append(self._substitution())
                dynamic = True
                continue
            if ch in "<>":
                break
            if ch == "\\":
                parts.append(src[self.pos + 1 : self.pos + 2])
                self.pos += 2
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
                text, dyn = self._double_quoted()
                parts.append(text)
                dynamic |= dyn
                continue
            if ch == "$" and src.startswith("(", self.pos + 1):
                parts.append(self._substitution())
                dynamic = True
                continue
            if ch == "`":
                parts.append(self._backtick())
                dynamic = True
                continue
            if ch == "$" and src[self.pos + 1 : self.pos + 2] == "{":
                self.pos += 2
                parts.append("${" + self._balanced("{", "}") + "}")
                dynamic = True
                continue
            if ch == "$" and re.match(r"[A-Za-z_0-9@*#?$!-]", src[self.pos + 1 : self.pos + 2]):
                m = re.match(r"\$([A-Za-z_][A-Za-z_0-9]*|[0-9@*#?$!-])", src[self.pos:])
                assert m
                parts.append(m.group(0))
                self.pos += m.end()
                dynamic = True
                continue
            parts.append(ch)
            self.pos += 1
        return _Word("".join(parts), dynamic)

    def _double_quoted(self) -> tuple[str, bool]:
        self.pos += 1
        src = self.src
        parts: list[str] = []
        dynamic = False
        while self.pos < len(src):
            ch = src[self.pos]
            if ch == '"':
                self.pos += 1
                return "".join(parts), dynamic
            if ch == "\\" and src[self.pos + 1 : self.pos + 2] in ('"', "\\", "$", "`", "\n"):
                parts.append(src[self.pos + 1])
                self.pos += 2
                continue
            if ch == "$" and src.startswith("(", self.pos + 1):
                parts.append(self._substitution())
                dynamic = True
                continue
            if ch == "`":
                parts.append(self._backtick())
                dynamic = True
                continue
            if ch == "$" and re.match(r"[A-Za-z_{]", src[self.pos + 1 : self.pos + 2]):
                dynamic = True
            parts.append(ch)
            self.pos += 1
        self.errors.append("unterminated double quote")
        return "".join(parts), dynamic


# -- from tokens to simple commands ---------------------------------------------------------

def analyze(command: str) -> ShellAnalysis:
    """All simple commands a command line would run, wrappers and nesting looked through."""
    result = ShellAnalysis(command)
    _analyze_into(command, result, via=(), depth=0)
    return result


def _analyze_into(command: str, result: ShellAnalysis, via: tuple[str, ...], depth: int) -> None:
    if depth > MAX_NESTING:
        result.errors.append("commands nested too deeply to look through")
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
    for inner in nested:
        _analyze_into(inner, result, via + ("$(...)",), depth + 1)


_OPTION_ARGS = {
    "sudo": {"-u", "-g", "-C", "-h", "-p", "-U", "-r", "-t", "-D", "-R", "-T"},
    "doas": {"-u", "-C"},
    "nice": {"-n"},
    "ionice": {"-c", "-n", "-p"},
    "timeout": {"-s", "-k", "--signal", "--kill-after"},
    "xargs": {"-n", "-I", "-i", "-P", "-L", "-l", "-d", "-a", "-E", "-e", "-s", "--max-args",
              "--replace", "--max-procs", "--delimiter", "--arg-file"},
    "parallel": {"-j", "-n", "-I", "-S"},
    "env": {"-u", "-C", "-S", "--unset", "--chdir"},
    "stdbuf": {"-i", "-o", "-e"},
    "watch": {"-n", "-d", "--interval"},
    "command": set(),
    "exec": {"-a"},
    "nohup": set(),
    "time": set(),
    "builtin": set(),
    "chronic": set(),
    "unbuffer": set(),
}
_PRIVILEGE = frozenset({"sudo", "doas", "su", "pkexec", "run0"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*=")


def _unwrap(words: list[_Word], redirects: list[Redirect], via: tuple[str, ...],
            result: ShellAnalysis, depth: int) -> list[SimpleCommand]:
    """Strip keywords, assignments and wrapper programs; expand -c strings and -exec."""
    extra: list[SimpleCommand] = []
    i = 0
    via = tuple(via)
    while i < len(words):
        word = words[i].text
        if word in KEYWORDS:
            i += 1
            continue
        if word in HEADER_KEYWORDS:
            return extra  # `for x in ...`: the body follows after `do`
        if _ASSIGNMENT.match(word) and not words[i].text.startswith("="):
            i += 1
            continue
        name = os.path.basename(word)
        if name in _OPTION_ARGS or name in _PRIVILEGE:
            via = via + (name,)
            i += 1
            takes_arg = _OPTION_ARGS.get(name, {"-u", "-g", "-c"} if name == "su" else set())
            if name == "su":
                # su [-] [user] [-c "command"]: the -c string is a command line.
                rest = [w.text for w in words[i:]]
                if "-c" in rest:
                    k = rest.index("-c")
                    if k + 1 < len(rest):
                        _analyze_into(rest[k + 1], result, via, depth + 1)
                return extra + [SimpleCommand(["su"], list(redirects), via)]
            while i < len(words):
                w = words[i].text
                if name == "env" and _ASSIGNMENT.match(w):
                    i += 1
                    continue
                if w == "--":
                    i += 1
                    break
                if w.startswith("-") and len(w) > 1:
                    i += 2 if (w in takes_arg) else 1
                    continue
                if name in ("nice",) and re.fullmatch(r"-?\d+", w):
                    i += 1
                    continue
                break
            if name == "timeout" and i < len(words):
                i += 1  # the duration
            if i >= len(words):
                # A wrapper with no command: sudo alone, xargs alone (runs echo), env alone.
                return extra + [SimpleCommand([name], list(redirects), via[:-1])]
            continue
        break
    rest = words[i:]
    if not rest:
        return extra + ([SimpleCommand([], list(redirects), via)] if redirects else [])
    argv = [w.text for w in rest]
    cmd = SimpleCommand(argv, list(redirects), via, dynamic=rest[0].dynamic)
    program = cmd.program
    if program in SHELLS or program == "eval":
        script = _inline_script(argv) if program != "eval" else " ".join(argv[1:])
        if script is not None:
            _analyze_into(script, result, via + (f"{program} -c",), depth + 1)
    if program == "find":
        extra.extend(_find_exec(argv, via, result, depth))
    if program == "git":
        cmd.argv = _normalize_git(argv)
    return extra + [cmd]


def _inline_script(argv: list[str]) -> str | None:
    """The command string of `bash -c "..."` (also -lc, -ec, ...)."""
    for k, arg in enumerate(argv[1:], start=1):
        if arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
            return argv[k + 1] if k + 1 < len(argv) else ""
        if not arg.startswith("-"):
            return None  # a script file: not something we can look into
    return None


def _find_exec(argv: list[str], via: tuple[str, ...], result: ShellAnalysis, depth: int) -> list[SimpleCommand]:
    found = []
    k = 0
    while k < len(argv):
        if argv[k] in ("-exec", "-execdir", "-ok", "-okdir"):
            end = k + 1
            while end < len(argv) and argv[end] not in (";", "+", "\\;"):
                end += 1
            inner = argv[k + 1 : end]
            if inner:
                found.append(SimpleCommand(inner, [], via + ("find -exec",)))
            k = end
        k += 1
    return found


_GIT_OPTIONS_WITH_ARG = {"-C", "-c", "--git-dir", "--work-tree", "--namespace"}


def _normalize_git(argv: list[str]) -> list[str]:
    """`git -C dir --no-pager reset --hard` -> `git reset --hard`, so rules see the subcommand."""
    out = [argv[0]]
    k = 1
    while k < len(argv) and argv[k].startswith("-"):
        k += 2 if argv[k] in _GIT_OPTIONS_WITH_ARG else 1
    return out + argv[k:]
