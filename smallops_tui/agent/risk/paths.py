"""Where a command's words point: inside the workspace or out of it (by `..`, an absolute path,
`~`, a symlink, a glob or a brace expansion that may reach a parent), from the directory a `cd`
went to; and what a write there means (an overwrite, a file that runs code later, .git).

`Context` is what judging one command line carries from one simple command to the next.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..files.startup_files import VCS_DIRS, runs_later
from ..files.workspace import PathEscape, Workspace
from .command_tables import HARMLESS_TARGETS, PROC_SECRETS, STDIN_FILES
from .rules import Findings
from .shell import SimpleCommand

# A short option with a path attached (`-m/etc/passwd`, `-f~/.ssh/id_rsa`); `-d/` is a delimiter.
ATTACHED_PATH = re.compile(r"-[A-Za-z0-9]+?(/.+|~.*|\.\.(?:/.*)?)")
GLOB = re.compile(r"[*?\[]")
MAX_BRACE_ALTERNATIVES = 64
MAX_GLOB_MATCHES = 2000  # names a glob is expanded to and checked for symlinks leading out
# A file that is an open descriptor of the process: what is read from it is what a redirection put there.
DESCRIPTOR_FILE = re.compile(r"/dev/fd/\d+|/proc/(?:self|thread-self|\d+)/fd/\d+|/dev/std(?:in|out|err)")
# An open descriptor, and nothing beyond it: /dev/fd is /proc/self/fd, so /dev/fd/../cwd/.. is outside.
OPEN_DESCRIPTOR = re.compile(r"/dev/fd/\d+")


@dataclass
class Context:
    workspace: Workspace
    found: Findings
    # Judges a command line some program is given to run (make's CC=..., a wrapper's tail), one
    # level deeper: the command judge hands itself down this way instead of being imported.
    judge_line: Callable[[str], Findings]
    left_workspace: bool = False  # a `cd` went outside (or somewhere unknown): later relative paths are too
    cwd: str = ""  # where a `cd` inside the workspace went (relative paths are judged from both places)
    not_paths: set[int] = field(default_factory=set)  # args of the current command that are not paths (scripts)
    git_remotes: dict[str, str] = field(default_factory=dict)  # remotes this line adds or points elsewhere: URL


def write_target(target: str, ctx: Context, overwrite_rule: str, appends: bool = False,
                  dynamic: bool = False, reads: tuple[str, ...] = ()) -> None:
    """A file the command writes: HIGH outside the workspace, in .git, computed at run time, or
    over an existing file (or its own input); MEDIUM when it creates or appends inside."""
    found = ctx.found
    if looks_outside(target, ctx) or (ctx.left_workspace and not target.startswith("/")):
        found.add("shell.outside_path", target)
        return
    if dynamic or "$" in target or "`" in target:
        found.add("shell.dynamic_target", target)
        return
    if not contains_path(target, ctx):
        found.add("shell.outside_path", target)
        return
    if special_target(target, ctx):
        return
    if re.search(r"[*?\[{]", target):
        found.add("shell.dynamic_target", f"{target} (a pattern that may match existing files)")
        return
    if appends:
        found.add("shell.redirect_append", target)
    elif overwrite_rule and (exists_in(target, ctx) or target in reads):
        found.add(overwrite_rule, target)
    elif overwrite_rule == "shell.redirect_overwrite":
        found.add("shell.redirect_create", target)
    else:
        found.add("shell.creates_file", target)


def modified_target(target: str, ctx: Context, dynamic: bool = False) -> bool:
    """A file the command changes in place (touch, chmod, gzip): HIGH outside the workspace, in
    .git or computed at run time; otherwise the program's own level (True: an ordinary file here)."""
    if dynamic or "$" in target or "`" in target:
        ctx.found.add("shell.dynamic_target", target)
    elif looks_outside(target, ctx) or not contains_path(target, ctx) or (ctx.left_workspace
                                                                        and not target.startswith("/")):
        ctx.found.add("shell.outside_path", target)
    else:
        return not special_target(target, ctx)
    return False


def script_from_input(path: str, cmd: SimpleCommand, ctx: Context) -> None:
    """`sed -f /dev/stdin`, `awk -f /dev/fd/3 3<<EOF`: the script is whatever the input holds."""
    if path in STDIN_FILES or DESCRIPTOR_FILE.fullmatch(path):
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} reads its script from {path}")
        ctx.not_paths.update(k for k, a in enumerate(cmd.args) if a == path)


def script_reads(path: str, what: str, ctx: Context, dynamic: bool = False) -> bool:
    """A file a sed or awk script reads: judged like a read operand. True when it stays inside."""
    if PROC_SECRETS.search(path):
        ctx.found.add("shell.reads_secrets", what)
    elif dynamic or "$" in path or looks_outside(path, ctx) or not contains_path(path, ctx):
        ctx.found.add("shell.reads_outside", what + (" (a file named at run time)" if dynamic else ""))
    else:
        return True
    return False


def exists_in(path: str, ctx: Context) -> bool:
    try:
        return ctx.workspace.resolve(from_cwd(path, ctx)).exists()
    except PathEscape:
        return False


def is_tree(path: str, ctx: Context) -> bool:
    try:
        return path in (".", "./", "*") or ctx.workspace.resolve(from_cwd(path, ctx)).is_dir()
    except PathEscape:
        return True


def expand_glob(pattern: str, ctx: Context) -> list[str]:
    if not re.search(r"[*?\[]", pattern):
        return [pattern]
    return glob.glob(pattern, root_dir=ctx.workspace.root / ctx.cwd) or [pattern]


def from_cwd(path: str, ctx: Context) -> str:
    """`path` as the workspace sees it from the directory a `cd` went to."""
    return path if not ctx.cwd or path.startswith(("/", "~")) else posixpath.join(ctx.cwd, path)


def contains_path(path: str, ctx: Context) -> bool:
    return ctx.workspace.contains(from_cwd(path, ctx)) and (not ctx.cwd or ctx.workspace.contains(path))


def resolves_outside(path: str, ctx: Context) -> bool:
    """A relative path that a symlink in the workspace leads outside it (from the root, or from
    where a `cd` went: a `cd` in a subshell does not last, so both are checked)."""
    root = str(ctx.workspace.root)
    for base in {root, os.path.join(root, ctx.cwd)}:
        if not os.path.lexists(os.path.join(base, path.split("/", 1)[0])):
            continue  # a path that does not start with an existing name goes through no symlink here
        try:
            real = os.path.realpath(os.path.join(base, path))
        except (OSError, ValueError):
            continue
        if real != root and not real.startswith(root + os.sep):
            return True
    return False


def special_target(target: str, ctx: Context, sources: list[str] | None = None) -> bool:
    """HIGH for a write into version-control internals or a file that runs code later."""
    rel = ctx.workspace.relative(from_cwd(target, ctx))
    names = [rel] if sources is None else [rel] + [posixpath.join(rel, posixpath.basename(s.rstrip("/")))
                                                   for s in sources if ctx.workspace.is_dir(from_cwd(target, ctx))]
    for name in names:
        if any(part in VCS_DIRS for part in name.split("/")):
            ctx.found.add("shell.vcs_internals", target)
            return True
        why = runs_later(ctx.workspace.root, name, ctx.workspace.protected)
        if why:
            ctx.found.add("shell.runs_later", why)
            return True
    return False


def is_root(path: str, ctx: Context) -> bool:
    return not ctx.cwd and is_inside(path, ctx) and ctx.workspace.relative(path) == "."


def is_inside(path: str, ctx: Context) -> bool:
    return not looks_outside(path, ctx) and contains_path(path, ctx) and "$" not in path


def looks_outside(arg: str, ctx: Context, dynamic: bool = False) -> bool:
    """An argument that names a file system location outside the workspace (or, after a `cd`
    out of it, any relative path)."""
    if arg in HARMLESS_TARGETS or "://" in arg or OPEN_DESCRIPTOR.fullmatch(arg):
        return False
    if dynamic and ("{" in arg or GLOB.search(arg)) and (
            _expansion_reaches_parent(arg) or (GLOB.search(arg) and not arg.startswith("/")
                                               and _glob_leads_outside(arg, ctx))):
        return True
    if arg.startswith("~") or re.match(r"\$\{?(HOME|USER|OLDPWD|XDG_\w+)\b", arg):
        return True
    if arg.startswith("/") or arg == ".." or arg.startswith("../") or "/../" in arg or arg.endswith("/.."):
        return not contains_path(arg, ctx)
    if "=" in arg and not arg.startswith("-"):
        return False
    if arg.startswith("--") and "=" in arg:
        return looks_outside(arg.split("=", 1)[1], ctx)
    return not arg.startswith("-") and resolves_outside(arg, ctx)


def _expansion_reaches_parent(word: str) -> bool:
    """Whether brace expansion or a glob can give `word` a `..` part: dash's `.*`, `.?` and `.[.]`
    match `..` (so does bash before 5.2), and bash's `{..,x}` or `{.,x}.` make it."""
    for alternative in _brace_alternatives(word):
        for part in alternative.split("/"):
            # A name's leading dot is only ever matched by a literal dot: `*` never makes `..`.
            if part == ".." or (part.startswith(".") and GLOB.search(part)
                                and fnmatch.fnmatchcase("..", part.replace("[^", "[!"))):
                return True
    return False


def _glob_leads_outside(word: str, ctx: Context) -> bool:
    """Whether a glob matches, in the workspace, a name that a symlink leads outside
    (`cat d*/hostname` with `data -> /etc`). Fails closed past a number of matches."""
    base = ctx.workspace.root / ctx.cwd
    for n, match in enumerate(glob.iglob(word, root_dir=base)):
        if n >= MAX_GLOB_MATCHES or resolves_outside(match, ctx):
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
