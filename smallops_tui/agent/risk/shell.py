"""Look through a shell command line to the simple commands it would run.

The risk rules judge each simple command, so this module exposes everything a command hides:
pipelines, `;`/`&&`/`||`/`&`, subshells and braces, `$(...)`, backticks, process substitution,
redirections, here-documents, assignments and `env`/`sudo`/`nice`/`timeout`/`xargs`/... prefixes,
`bash -c "..."`/`eval`/`env -S`/`script -c`, here-documents and here-strings fed to a shell,
`busybox`/`toybox` applets, and `find -exec`. It never runs anything. It errs on the side of
finding more commands than the shell would: a string a shell would run is analysed as a command
line of its own. The words come from shell_lexer.py; the wrappers looked through are the tables
of shell_wrappers.py.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from .shell_lexer import Lexer, Redirect, Word
from .shell_sites import ANY_SITE, substitution_sites
from .shell_wrappers import (
    ASSIGNMENT, LOADER, MAX_ALTERNATIVES, PROCESS_TARGETING, REPLACEMENT, RUNNERS, RUNS_ARGUMENTS, SHELL_STRING_OPTIONS,
    WRAPPERS, Wrapper,
)
from .variables import CODE_VARIABLES

MAX_NESTING = 8

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "csh", "tcsh", "rbash"})
# Words that start or end a compound command; the command proper follows them.
KEYWORDS = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until", "{", "}", "!",
                      "esac", "in", "function", "coproc"})
# Loop and case headers name variables and words, not commands.
HEADER_KEYWORDS = frozenset({"for", "case", "select"})


@dataclass
class SimpleCommand:
    """One command the line runs, as a plain record: its words are final when it is made, and
    what the judge reads of them (`program`, `args`, `text`) is worked out then."""

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
    code_from_input: str = ""  # the replacement string of xargs/find/parallel found in its -c string
    program: str = field(init=False, compare=False, repr=False)  # argv[0]'s name, without its directory
    args: list[str] = field(init=False, compare=False, repr=False)  # argv[1:]
    text: str = field(init=False, compare=False, repr=False)  # the command as reasons quote it

    def __post_init__(self) -> None:
        self.program = os.path.basename(self.argv[0]) if self.argv else ""
        self.args = self.argv[1:]
        self.text = " ".join(self.argv + [f"{r.fd}{r.op}{r.target}" for r in self.redirects])


@dataclass
class ShellAnalysis:
    raw: str
    commands: list[SimpleCommand] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)  # substitutions the raw scan saw and the lexer did not
    arithmetic: bool = False  # arithmetic names a variable, whose value bash evaluates (and can run)


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
    lexer = Lexer(command, nested, result.errors)
    tokens = lexer.tokens()
    words: list[Word] = []
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

    for token in tokens:
        if isinstance(token, Word):
            words.append(token)
        elif isinstance(token, Redirect):
            redirects.append(token)
        else:
            finish(pipe_follows=token in ("|", "|&"))
    finish(pipe_follows=False)
    result.arithmetic |= lexer.arithmetic
    # The backstop scan, where a site could start (most lines hold no `$(`, backtick, `<(` or `>(`).
    for site in substitution_sites(command) if ANY_SITE.search(command) else ():
        if site not in lexer.found and not any(start < site < end for start, end in lexer.spans):
            result.hidden.append(command[site : site + 40])
    for inner in nested:
        _analyze_into(inner, result, via + ("$(...)",), depth + 1)


def _unwrap(words: list[Word], redirects: list[Redirect], via: tuple[str, ...],
            result: ShellAnalysis, depth: int) -> list[SimpleCommand]:
    """Strip keywords, assignments and wrapper programs; expand -c strings and -exec."""
    return _Unwrapping(words, redirects, via, result, depth).commands()


class _Unwrapping:
    """One simple command's words read up to the command they run: keywords, assignments, runners
    and wrappers (shell_wrappers.py) looked through, each command line a wrapper hands on analysed
    as one of its own. `extra` collects the commands found on the way (a runner, the other readings
    of an option these tables do not know)."""

    def __init__(self, words: list[Word], redirects: list[Redirect], via: tuple[str, ...], result: ShellAnalysis,
                 depth: int) -> None:
        self.words = words
        self.redirects = redirects
        self.via = tuple(via)
        self.result = result
        self.depth = depth
        self.extra: list[SimpleCommand] = []
        self.assignments: list[str] = []
        self.alternatives: list[tuple[list[Word], tuple[str, ...]]] = []  # other readings of unknown options
        self.cleared_environment = False  # env -i: git loses the hardening the sandbox puts in its environment
        self.chdir = ""
        self.replacement = REPLACEMENT if "find -exec" in via else ""  # what xargs/find put each input into
        self.i = 0

    def commands(self) -> list[SimpleCommand]:
        while self.i < len(self.words):
            word = self.words[self.i]
            if word.text in KEYWORDS and not word.dynamic:
                # `function NAME { body; }` and `coproc NAME { body; }`: the body's commands follow.
                self.i += 2 if self._named_body(word.text) else 1
                continue
            if word.text in HEADER_KEYWORDS:
                return self.extra + self._loop_header(word.text)
            if ASSIGNMENT.match(word.text):
                self.assignments.append(word.text)
                self.i += 1
                continue
            name = wrapper_name(self._through_runner(os.path.basename(word.text)))
            wrapper = WRAPPERS.get(name)
            if wrapper is None or self.words[self.i].dynamic or self.words[self.i].disguise:
                break
            if name == "command" and any(w.text in ("-v", "-V") for w in self.words[self.i + 1 : self.i + 2]):
                break  # `command -v x` looks a name up; it runs nothing
            ended = self._wrapper(name, wrapper)
            if ended is not None:
                return self.extra + ended
        for other_words, other_via in self.alternatives:
            self.extra.extend(_unwrap(other_words, self.redirects, other_via, self.result, self.depth + 1))
        return self.extra + self._command()

    def _named_body(self, keyword: str) -> bool:
        words, i = self.words, self.i
        return keyword == "function" or (keyword == "coproc" and i + 2 < len(words) and words[i + 2].text == "{")

    def _loop_header(self, keyword: str) -> list[SimpleCommand]:
        """`for x in ...`: the body follows after `do`. The loop assigns its variable, and
        `for PATH in bin; do ls; done` runs bin/ls: judged as the assignment it is."""
        if keyword in ("for", "select") and self.i + 1 < len(self.words):
            variable = self.words[self.i + 1].text
            if CODE_VARIABLES.match(variable):
                return [SimpleCommand([], [], self.via, assignments=[f"{variable}=(a {keyword} loop)"])]
        return []

    def _through_runner(self, name: str) -> str:
        """`uv run CMD`, `npx CMD`: the runner sets up an environment (may install packages), then
        runs CMD. The runner is a command of its own, and stands on as one word (`uv run`)."""
        found = runner(name, self.words, self.i)
        if not found:
            return name
        i, used = self.i, len(found.split())
        self.extra.append(SimpleCommand([w.text for w in self.words[i : i + used]], [], self.via))
        self.words = self.words[:i] + [Word(found)] + self.words[i + used :]
        return found

    def _alone(self, name: str, via: tuple[str, ...], inline: str = "") -> list[SimpleCommand]:
        """The wrapper as the command (what it hands on was analysed, or there is none)."""
        return [SimpleCommand([name], list(self.redirects), via, assignments=self.assignments, inline=inline)]

    def _hand_on(self, script: str) -> None:
        _analyze_into(script, self.result, self.via, self.depth + 1)

    def _wrapper(self, name: str, wrapper: Wrapper) -> list[SimpleCommand] | None:
        """Past a wrapper's options to the command it runs; the commands to return when it ends
        the reading here (it runs a command line instead, or no command at all)."""
        wrapper_at, via_before = self.i, self.via
        self.via = self.via + (name,)
        self.i += 1
        if name in ("su", "runuser", "sg"):
            # su [-] [user] [-c "command"]: the -c string is a command line.
            script = option_value([w.text for w in self.words[self.i :]], wrapper.shell_string)
            if script is not None:
                self._hand_on(script)
            return self._alone(name, self.via, "-c" if script is not None else "")
        if wrapper.shell_string:
            script = option_value([w.text for w in self.words[self.i :]], wrapper.shell_string)
            if script is not None:  # flock FILE -c "command line"
                self._hand_on(script)
                return self._alone(name, via_before, wrapper.shell_string[0])
        ended = self._options(name, wrapper, wrapper_at, via_before)
        if ended is not None:
            return ended
        skip = wrapper.positionals if self.i < len(self.words) else 0  # a duration, a lock file, an arch
        if skip and wrapper.options_after_positionals:  # setarch ARCH [options] COMMAND
            self.i, skip = self.i + skip, 0
            ended = self._options(name, wrapper, wrapper_at, via_before)
            if ended is not None:
                return ended
        own = [w.text for w in self.words[wrapper_at + 1 : self.i + skip]]
        if names_a_process(name, own):  # `strace -p 1`: it acts on that process (a command of its own)
            self.extra.append(SimpleCommand([name, *own], [], via_before))
        if name == "parallel" and (ended := self._parallel(via_before)) is not None:
            return ended
        if name == "watch" and self.i < len(self.words) and not self._watch_exec():
            # watch hands its words, joined, to `sh -c`: `watch 'rm -rf src'` is a command line.
            self._hand_on(" ".join(w.text for w in self.words[self.i :]))
            return self._alone(name, via_before)
        self.i += skip
        if self.i >= len(self.words):
            # A wrapper with no command: sudo alone, xargs alone (runs echo), env alone.
            return self._alone(name, via_before)
        return None

    def _parallel(self, via_before: tuple[str, ...]) -> list[SimpleCommand] | None:
        """GNU parallel runs its command once per input; with no command, each input (the words
        after `:::`, or the lines it reads) is itself a command line."""
        words = [w.text for w in self.words[self.i :]]
        self.replacement = REPLACEMENT
        if words and words[0] in (":::", "::::", ":::+", "::::+"):
            for script in words[1:]:
                if script not in (":::", "::::", ":::+", "::::+"):
                    self._hand_on(script)
            return self._alone("parallel", via_before, ":::")
        return None

    def _watch_exec(self) -> bool:
        return any(w.text in ("-x", "--exec") or re.fullmatch(r"-[a-wyz]*x[a-z]*", w.text)
                   for w in self.words[: self.i])

    def _options(self, name: str, wrapper: Wrapper, wrapper_at: int,
                 via_before: tuple[str, ...]) -> list[SimpleCommand] | None:
        """Past the wrapper's own options (self.i at the first word that is none); the commands to
        return when one ends the reading here (env -S STRING)."""
        words = self.words
        while self.i < len(words):
            w = words[self.i].text
            if name == "env" and ASSIGNMENT.match(w):
                self.assignments.append(w)
                self.i += 1
                continue
            if name == "env" and (script := env_split_string(w, words, self.i)) is not None:
                self._hand_on(script)
                return self._alone("env", via_before, "-S")
            self._environment_option(name, w)
            if name == "xargs":
                self._xargs_replacement(w)
            if w == "--":
                self.i += 1
                return None
            if w in wrapper.outputs and self.i + 1 < len(words):
                self.redirects = [*self.redirects, Redirect(">", words[self.i + 1].text, "", "",
                                                            words[self.i + 1].dynamic)]
            if (w.startswith("-") and len(w) > 1) or (name == "env" and w == "-"):
                self._option(w, wrapper, wrapper_at, via_before)
                continue
            if name == "nice" and re.fullmatch(r"-?\d+", w):
                self.i += 1
                continue
            return None
        return None

    def _option(self, option: str, wrapper: Wrapper, wrapper_at: int, via_before: tuple[str, ...]) -> None:
        """Past one option (and its value). An option these tables do not know may take the next
        word as its value (`strace -P ls rm -rf src` runs rm): that reading is judged too."""
        if option in wrapper.takes_value:
            self.i += 2
            return
        if not known_flag(wrapper, option) and self.depth < MAX_NESTING \
                and len(self.alternatives) < MAX_ALTERNATIVES and self.i + 2 < len(self.words):
            self.alternatives.append(([self.words[wrapper_at]] + self.words[self.i + 2 :], via_before))
        self.i += 1

    def _xargs_replacement(self, w: str) -> None:
        """xargs -I STR, -iSTR, --replace[=STR]: the string each input line is put into."""
        following = self.words[self.i + 1].text if self.i + 1 < len(self.words) else ""
        if w == "-I":
            self.replacement = following
        elif w.startswith("-I") or w.startswith("-i"):
            self.replacement = w[2:] or REPLACEMENT
        elif w.startswith("--replace"):
            self.replacement = w.split("=", 1)[1] if "=" in w else REPLACEMENT

    def _environment_option(self, name: str, w: str) -> None:
        """env's and exec's options that change the command's environment or directory."""
        following = self.words[self.i + 1].text if self.i + 1 < len(self.words) else ""
        if name == "env" and re.fullmatch(r"-u.+", w):
            self.assignments.append(f"{w[2:]}=(unset by env)")  # -uNAME
        elif name == "env" and (w in ("-u", "--unset") or w.startswith("--unset=")):
            # Unsetting is setting: `env -u PATH` changes where names are looked up, and
            # `env -u GIT_CONFIG_COUNT git` drops the hardening the sandbox gives git.
            self.assignments.append(f"{w.split('=', 1)[1] if '=' in w else following}=(unset by env)")
        if (name == "env" and w in ("-i", "--ignore-environment", "-")) or (
                name == "exec" and re.fullmatch(r"-[a-z]*c[a-z]*", w)):  # bash's exec -c
            self.cleared_environment = True
        if name == "env" and (w in ("-C", "--chdir") or w.startswith("--chdir=")):
            self.chdir = w.split("=", 1)[1] if "=" in w else following

    def _command(self) -> list[SimpleCommand]:
        """The command the words come to, and what it hands on (a shell's -c string, eval's words,
        a here-document fed to a shell, find's -exec)."""
        rest = self.words[self.i :]
        if not rest:
            return ([SimpleCommand([], list(self.redirects), self.via, assignments=self.assignments)]
                    if self.redirects or self.assignments else [])
        argv = [w.text for w in rest]
        program = os.path.basename(argv[0])
        git_globals, words = _git_globals(argv) if program == "git" else ([], argv)
        cmd = SimpleCommand(words, list(self.redirects), self.via, dynamic=rest[0].dynamic, disguise=rest[0].disguise,
                            assignments=self.assignments, chdir=self.chdir, git_globals=git_globals,
                            dynamic_args=frozenset(k - 1 for k, w in enumerate(rest) if k and (w.dynamic or w.disguise)))
        if self.cleared_environment and program == "git":
            cmd.assignments.append("GIT_CONFIG_COUNT=(cleared by env -i)")
        self._look_into(cmd, program, argv)
        found = _find_exec(rest, self.via, self.result, self.depth) if program == "find" else []
        return found + [cmd]

    def _look_into(self, cmd: SimpleCommand, program: str, argv: list[str]) -> None:
        """Command lines the program runs: a shell's -c string and the here-documents fed to it,
        eval's words, a -c option's value, a benchmark runner's operands."""
        via, depth, result = self.via, self.depth + 1, self.result
        if program in SHELLS or program == "eval":
            script = inline_script(argv) if program != "eval" else " ".join(argv[1:])
            if script is not None:
                cmd.inline = "-c" if program != "eval" else "eval"
                if self.replacement and self.replacement in script:
                    cmd.code_from_input = self.replacement
                _analyze_into(script, result, via + (f"{program} -c",), depth)
            for redirect in self.redirects:
                if redirect.body and redirect.op in ("<<", "<<-", "<<<"):
                    _analyze_into(redirect.body, result, via + (f"{program} {redirect.op}",), depth)
        elif program in SHELL_STRING_OPTIONS:
            script = option_value(argv[1:], SHELL_STRING_OPTIONS[program])
            if script is not None:
                cmd.inline = SHELL_STRING_OPTIONS[program][0]
                _analyze_into(script, result, via + (f"{program} -c",), depth)
        elif program in RUNS_ARGUMENTS:
            # Benchmark runners take command lines as operands and option values (--prepare 'cmd').
            for arg in argv[1:]:
                script = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
                if not script.startswith("-"):
                    _analyze_into(script, result, via + (program,), depth)


def _find_exec(words: list[Word], via: tuple[str, ...], result: ShellAnalysis, depth: int) -> list[SimpleCommand]:
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


def _git_globals(argv: list[str]) -> tuple[list[str], list[str]]:
    """git's own options, before the subcommand (`-C dir`, `-c key=value`, `--no-pager`, ...), and
    the words without them (`git -C dir --no-pager reset --hard` -> `git reset --hard`), so rules
    see the subcommand."""
    k = 1
    while k < len(argv) and argv[k].startswith("-"):
        k += 2 if argv[k] in _GIT_OPTIONS_WITH_ARG else 1
    return argv[1:k], [argv[0], *argv[k:]]


# -- reading wrappers' words (their tables: shell_wrappers.py) -------------------------------------

def names_a_process(name: str, words: list[str]) -> bool:
    """Whether a wrapper's own words (before the command it runs) name another process."""
    for option in PROCESS_TARGETING.get(name, ()):
        for word in words:
            if word == option or word.startswith(option + "=") or (
                    option.startswith("--") and len(word) > 3 and option.startswith(word.split("=", 1)[0])):
                return True
            if len(option) == 2 and re.fullmatch(r"-[A-Za-z]+\d*", word) and option[1] in word[1:].rstrip("0123456789"):
                return True
    return False


def known_flag(wrapper: Wrapper, option: str) -> bool:
    """Whether `option` is known not to swallow the next word."""
    if option in wrapper.flags or (option.startswith("--") and "=" in option):
        return True
    if not option.startswith("--") and len(option) > 2 and (option[:2] in wrapper.takes_value
                                                           or option.startswith(wrapper.attached)):
        return True  # a value attached: -n5, -i{}, nice -10
    return len(option) > 2 and not option.startswith("--") and all(f"-{c}" in wrapper.flags for c in option[1:])


def wrapper_name(name: str) -> str:
    """The name a wrapper is known by in these tables (the loader has many)."""
    return "ld.so" if LOADER.fullmatch(name) else name


def runner(name: str, words: list[Word], i: int) -> str:
    """`uv run` (as one name) when words[i:] start a runner's command, else ""."""
    subcommands = RUNNERS.get(name)
    if subcommands is None or words[i].dynamic or words[i].disguise:
        return ""
    if not subcommands:
        return name
    following = words[i + 1].text if i + 1 < len(words) else ""
    return f"{name} {following}" if following in subcommands else ""


def option_value(args: list[str], options: tuple[str, ...]) -> str | None:
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


def env_split_string(word: str, words: list[Word], i: int) -> str | None:
    """The string of `env -S STRING` (also -vS, -S'...', --split-string=...), else None."""
    if word.startswith("--split-string"):
        return word.split("=", 1)[1] if "=" in word else (words[i + 1].text if i + 1 < len(words) else "")
    if re.fullmatch(r"-[A-Za-z]*S.*", word) and not word.startswith("--"):
        attached = word[word.index("S") + 1 :]
        return attached if attached else (words[i + 1].text if i + 1 < len(words) else "")
    return None


def inline_script(argv: list[str]) -> str | None:
    """The command string of `bash -c "..."` (also -lc, -ec, ...)."""
    for k, arg in enumerate(argv[1:], start=1):
        if arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
            return argv[k + 1] if k + 1 < len(argv) else ""
        if not arg.startswith("-"):
            return None  # a script file: not something we can look into
    return None
