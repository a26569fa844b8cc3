"""git: read-only only for the listed subcommands and options, with no configuration that runs
code (`-c`, `--config-env`, `--exec-path`), no repository elsewhere (`-C`, `--git-dir`) and no
option that runs a program (`--upload-pack`, `--ext-diff`); `git checkout PATH` discards changes.
"""

from __future__ import annotations

from ..command_tables import (
    GIT_CODE_GLOBALS, GIT_COMMAND_URLS, GIT_LISTING, GIT_MIN_PREFIX, GIT_PATH_GLOBALS, GIT_READ_ONLY,
    GIT_RUNS_PROGRAM, GIT_SAFE_GLOBALS,
)
from ..options import is_option, matches_long
from ..paths import GLOB, Context, contains_path, exists_in, is_inside, is_root, looks_outside
from ..shell import SimpleCommand

def check_git(cmd: SimpleCommand, ctx: Context) -> bool:
    ok = _globals_ok(cmd, ctx)
    if ctx.left_workspace:  # after `cd ..`, `env -C /elsewhere`, `cd "$X"`
        ctx.found.add("shell.outside_path", "git in a directory outside the workspace: that repository's "
                                            "configuration runs, not made inert")
        ok = False
    elif cmd.chdir or ctx.cwd:
        ctx.found.add("shell.git_elsewhere", f"git in {cmd.chdir or ctx.cwd}")
        ok = False
    args = cmd.args
    if not args:
        return ok
    sub, rest = args[0], args[1:]
    if _runs_a_program(sub, rest, ctx):
        return False
    if sub == "push" and any(a.startswith(("+", ":")) for a in rest[1:]):
        ctx.found.add("shell.git_force_push", cmd.text())  # +ref forces, :ref deletes the remote branch
    if sub == "config" and not config_reads(rest):
        ctx.found.add("shell.code_config", cmd.text())  # aliases, hooks, fsmonitor, pager: code run later
        return False
    if sub in GIT_READ_ONLY:
        return _read_only_options(sub, rest, ctx) and ok
    if sub in GIT_LISTING:
        return ok and _only_lists(sub, rest)
    return False


# git config's actions that read, those that write, and its options that take a value.
_CONFIG_READ_ACTIONS = frozenset({"--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color",
                                  "--get-colorbool", "--list", "-l"})
_CONFIG_VALUE_OPTIONS = frozenset({"--file", "-f", "--blob", "--type", "--default", "--value", "--url"})


def config_reads(rest: list[str]) -> bool:
    """Whether `git config ...` only reads: an action that reads (--get, --list, and the `get` and
    `list` subcommands of git 2.46), or a single name with no value; any option not known, any
    other action (--add, --unset, -e, `set`), or a name with a value writes."""
    if rest[:1] in (["get"], ["list"]):
        rest = ["--get" if rest[0] == "get" else "--list", *rest[1:]]
    positional: list[str] = []
    reads = False
    k = 0
    while k < len(rest):
        arg = rest[k]
        name = arg.split("=", 1)[0]
        if name in _CONFIG_READ_ACTIONS:
            reads = True
        elif name in _CONFIG_VALUE_OPTIONS:
            k += 0 if "=" in arg else 1
        elif arg.startswith("-"):
            if name not in GIT_LISTING["config"]:
                return False
        else:
            positional.append(arg)
        k += 1
    return reads or len(positional) == 1


def _globals_ok(cmd: SimpleCommand, ctx: Context) -> bool:
    """git's own options: no configuration that runs code, no repository but this one."""
    ok = True
    globals_ = cmd.git_globals
    for k, arg in enumerate(globals_):
        following = globals_[k + 1] if k + 1 < len(globals_) else ""
        if any(arg == g or arg.startswith(g) and g.endswith("=") or (g == "-c" and arg.startswith("-c"))
               for g in GIT_CODE_GLOBALS) or matches_long(arg, "--config-env"):
            ctx.found.add("shell.code_config", f"git {arg} {following}".strip())
            ok = False
        elif arg in GIT_PATH_GLOBALS or arg.split("=", 1)[0] in GIT_PATH_GLOBALS:
            ok = _repository_here(arg, arg.split("=", 1)[1] if "=" in arg else following, ctx) and ok
        elif arg.startswith("-") and arg not in GIT_SAFE_GLOBALS and not _follows_path_global(globals_, k):
            ok = False
    return ok


def _repository_here(option: str, value: str, ctx: Context) -> bool:
    """`git -C DIR`, `--git-dir=DIR`, ...: True when DIR is the workspace's own repository."""
    name = option.split("=", 1)[0]
    ok = True
    if name != "--namespace" and not is_root(value, ctx):
        ctx.found.add("shell.git_elsewhere", f"git {name} {value}")
        ok = False
    if not is_inside(value, ctx):
        # The sandbox makes inert the programs named by the repositories inside the workspace only.
        ctx.found.add("shell.outside_path", f"git {name} {value}: runs with the configuration of a repository "
                                            "outside the workspace, not made inert")
        ok = False
    return ok


def _runs_a_program(sub: str, rest: list[str], ctx: Context) -> bool:
    """An option of the subcommand that runs a program (`--upload-pack`, abbreviated too), or an
    ext:: URL (which runs a command)."""
    for option in GIT_RUNS_PROGRAM.get(sub, ()):
        hit = next((a for a in rest if is_option(a, option, attached=len(option) == 2) or (
            option.startswith("--") and len(a.split("=", 1)[0]) >= GIT_MIN_PREFIX
            and option.startswith(a.split("=", 1)[0]) and a.startswith("--"))), None)
        if hit is not None:
            ctx.found.add("shell.inline_code", f"git {sub} {hit}")
            return True
    if any(a.startswith(GIT_COMMAND_URLS) for a in rest):
        ctx.found.add("shell.inline_code", f"git {sub}: an ext:: URL runs a command")
        return True
    return False


def _read_only_options(sub: str, rest: list[str], ctx: Context) -> bool:
    """A read-only subcommand, unless one of its options runs a program or writes a file."""
    for arg in rest:
        for option in GIT_READ_ONLY[sub]:
            if arg == option or (option.startswith("--") and matches_long(arg, option)) or \
                    (len(option) == 2 and arg.startswith(option)):
                rule = "shell.option_runs_program"
                if option == "--output":  # writes a file the diff view never shows
                    rule = "shell.outside_path" if _output_outside(arg, rest, ctx) else "shell.output_overwrite"
                ctx.found.add(rule, f"git {sub} {arg}")
                return False
    return True


def _only_lists(sub: str, rest: list[str]) -> bool:
    """A subcommand that changes things unless asked only to list (`git branch`, `git stash list`)."""
    allowed = GIT_LISTING[sub]
    positional = [a for a in rest if not a.startswith("-")]
    flags_ok = all(a.split("=", 1)[0] in allowed for a in rest if a.startswith("-"))
    if sub in ("stash", "worktree"):  # plain `git stash` stashes: only list/show only read
        diff_options_ok = not any(matches_long(a, o) for a in rest for o in GIT_READ_ONLY["diff"])
        return diff_options_ok and bool(positional) and positional[0] in allowed
    if sub in ("reflog", "notes", "submodule", "remote"):
        return flags_ok and (not positional or positional[0] in allowed)
    if sub == "config":
        return config_reads(rest)
    listing = any(a in ("-l", "--list", "--contains", "--merged", "--no-merged", "--points-at") for a in rest)
    return flags_ok and (not positional or listing)


def _output_outside(arg: str, rest: list[str], ctx: Context) -> bool:
    value = arg.split("=", 1)[1] if "=" in arg else (rest[rest.index(arg) + 1] if arg in rest[:-1] else "")
    return not value or looks_outside(value, ctx) or not contains_path(value, ctx)


def _follows_path_global(globals_: list[str], k: int) -> bool:
    return k > 0 and globals_[k - 1] in GIT_PATH_GLOBALS + ("-c", "--config-env")


def git_help(cmd: SimpleCommand) -> bool:
    if not cmd.args:
        return set(cmd.git_globals) <= {"--version", "--help", "-h"}
    return not cmd.git_globals and (cmd.args == ["help"] or (len(cmd.args) == 2 and cmd.args[1] in ("-h", "--help")))


def classify_git_checkout(cmd: SimpleCommand, ctx: Context) -> None:
    """`git checkout [TREE] PATH` replaces PATH with the committed file, without `--`: whatever
    was not committed is gone. A word that names a file here, or a pathspec pattern, is a path."""
    args = cmd.args[1:]
    k = 0
    while k < len(args):
        arg = args[k]
        if arg in ("-b", "-B", "--orphan", "--conflict") or arg.startswith("--"):
            k += 2 if arg in ("-b", "-B", "--orphan") else 1
            continue
        if not arg.startswith("-") and (GLOB.search(arg) or arg.startswith(":") or exists_in(arg, ctx)):
            ctx.found.add("shell.git_discard", f"git checkout {arg}: its uncommitted changes are thrown away")
            return
        k += 1
