"""git: what it reads, writes, runs and reaches.

- Read-only only for the listed subcommands and options, with no configuration that runs code
  (`-c`, `--config-env`, `--exec-path`), no repository elsewhere (`-C`, `--git-dir`) and no
  option that runs a program (`--upload-pack`, `--ext-diff`) (`check_git`).
- What writes over the working tree: `git checkout PATH` discards changes; apply, am,
  checkout-index -f, read-tree -u, merge-file, and the files archive and bundle write.
- A repository the person did not configure: `git clone`, `fetch`, `pull`, `ls-remote`, `push`,
  `request-pull`, `archive --remote`, `submodule add` and `remote add -f` given an address on the
  line (`https://`, `ssh://`, `git@host:path`, `host:path`, `file://` outside) reach the network
  like any client, but the address itself and what git sends with it (the fetch negotiation names
  the commits here; a push sends them) carry data out, and what comes back lands in the workspace:
  `shell.exfiltrate`, as `git push URL` always was. A named remote (`origin`) stays the program's
  own level, unless this same line pointed it elsewhere (`git remote set-url origin URL && git
  push`). A repository in a directory outside the workspace runs with that repository's
  configuration, which the sandbox makes inert only for repositories inside: `shell.outside_path`.
  `git send-email` mails the patches away.
"""

from __future__ import annotations

import re

from ..command_risk import (
    address_built_at_run_time, contains_path, exists_in, has_option, is_inside, is_option, looks_outside, matches_long,
    option_value, write_target,
)
from ..command_tables import (
    GIT_CODE_GLOBALS, GIT_COMMAND_URLS, GIT_LISTING, GIT_MIN_PREFIX, GIT_PATH_GLOBALS, GIT_READ_ONLY,
    GIT_RUNS_PROGRAM, GIT_SAFE_GLOBALS, HARMLESS_TARGETS,
)
from ..expansions import GLOB
from ..judging import Context
from ..shell import SimpleCommand


def check_git(cmd: SimpleCommand, ctx: Context) -> bool:
    # The subcommand's options are read first (what they run, what a read-only one is given that
    # makes it not), and judged below in their turn: after git's own options and where it runs.
    sub, rest = (cmd.args[0], cmd.args[1:]) if cmd.args else ("", [])
    runs = _runs_a_program(sub, rest)
    not_read_only = _read_only_options(sub, rest, ctx) if sub in GIT_READ_ONLY else None
    ok = _globals_ok(cmd, ctx)
    if ctx.left_workspace:  # after `cd ..`, `env -C /elsewhere`, `cd "$X"`
        ctx.found.add("shell.outside_path", "git in a directory outside the workspace: that repository's "
                                            "configuration runs, not made inert")
        ok = False
    elif cmd.chdir or ctx.cwd:
        ctx.found.add("shell.git_elsewhere", f"git in {cmd.chdir or ctx.cwd}")
        ok = False
    if not cmd.args:
        return ok
    if runs:
        ctx.found.add("shell.inline_code", runs)
        return False
    if sub == "push" and any(a.startswith(("+", ":")) for a in rest[1:]):
        ctx.found.add("shell.git_force_push", cmd.text)  # +ref forces, :ref deletes the remote branch
    if sub == "config" and not config_reads(rest):
        ctx.found.add("shell.code_config", cmd.text)  # aliases, hooks, fsmonitor, pager: code run later
        return False
    if sub in GIT_READ_ONLY:
        if not_read_only is not None:
            ctx.found.add(*not_read_only)
            return False
        return ok
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


def _runs_a_program(sub: str, rest: list[str]) -> str:
    """An option of the subcommand that runs a program (`--upload-pack`, abbreviated too), or an
    ext:: URL (which runs a command): the finding's detail, "" when there is none."""
    for option in GIT_RUNS_PROGRAM.get(sub, ()):
        hit = next((a for a in rest if is_option(a, option, attached=len(option) == 2) or (
            option.startswith("--") and len(a.split("=", 1)[0]) >= GIT_MIN_PREFIX
            and option.startswith(a.split("=", 1)[0]) and a.startswith("--"))), None)
        if hit is not None:
            return f"git {sub} {hit}"
    if any(a.startswith(GIT_COMMAND_URLS) for a in rest):
        return f"git {sub}: an ext:: URL runs a command"
    return ""


def _read_only_options(sub: str, rest: list[str], ctx: Context) -> tuple[str, str] | None:
    """What keeps a read-only subcommand from being read-only: the first of its options that runs
    a program or writes a file, as (rule, detail); None when none does."""
    for arg in rest:
        for option in GIT_READ_ONLY[sub]:
            if arg == option or (option.startswith("--") and matches_long(arg, option)) or \
                    (len(option) == 2 and arg.startswith(option)):
                rule = "shell.option_runs_program"
                if option == "--output":  # writes a file the diff view never shows
                    rule = "shell.outside_path" if _output_outside(arg, rest, ctx) else "shell.output_overwrite"
                return rule, f"git {sub} {arg}"
    return None


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


def is_root(path: str, ctx: Context) -> bool:
    return not ctx.cwd and is_inside(path, ctx) and ctx.workspace.relative(path) == "."


# -- what it runs, writes and reaches, beyond the command rules ----------------------------------

def judge_git(cmd: SimpleCommand, ctx: Context) -> None:
    """git's judges, in order: a checkout of paths, what writes over the working tree, a
    repository reached by address or outside, an address built at run time."""
    if cmd.args[:1] == ["checkout"]:
        judge_checkout(cmd, ctx)
    judge_writes(cmd, ctx)
    judge_remote(cmd, ctx)
    if cmd.args[:1] and cmd.args[0] in REMOTE_GIT:
        address_built_at_run_time(cmd, ctx)


def judge_checkout(cmd: SimpleCommand, ctx: Context) -> None:
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


def judge_writes(cmd: SimpleCommand, ctx: Context) -> None:
    """git's subcommands that write over the working tree: apply, am, checkout-index -f,
    read-tree -u, merge-file; and those that write a file named in an option."""
    args = cmd.args
    sub, rest = (args[0], args[1:]) if args else ("", [])
    if sub == "apply":
        only_looks = has_option(rest, "--check", "--stat", "--numstat", "--summary") and not has_option(rest, "--apply")
        if not only_looks and not has_option(rest, "--cached"):
            ctx.found.add("shell.unpacks_over", "git apply changes the files the patch names, in place")
    elif sub == "am":
        ctx.found.add("shell.unpacks_over", "git am applies patches to the files here and commits them")
    elif sub == "checkout-index" and has_option(rest, "--force", letters="f"):
        ctx.found.add("shell.git_discard", "git checkout-index -f writes the index's files over the working tree")
    elif sub == "read-tree" and has_option(rest, letters="u") and (has_option(rest, "--reset", letters="m")):
        ctx.found.add("shell.git_discard", "git read-tree -u replaces files in the working tree")
    elif sub == "merge-file" and not has_option(rest, "--stdout", letters="p"):
        ctx.found.add("shell.in_place_edit", "git merge-file writes the merge into its first file")
    elif sub in ("archive", "bundle"):
        outputs = [v for k in range(len(rest)) for v in [option_value(rest, k, "-o"), option_value(rest, k, "--output")]
                   if v is not None]
        if sub == "bundle" and rest[:1] == ["create"] and len(rest) > 1:
            outputs.append(rest[1])
        for target in outputs:
            if target not in HARMLESS_TARGETS:
                write_target(target, ctx, "shell.output_overwrite")


# A repository named by address rather than by a configured remote's name (origin).
GIT_URL = re.compile(r"[a-z][a-z0-9+.-]*://|[^\s/:]+@[^\s/:]+:|[./~]|.*\.git/?$")
REMOTE_GIT = frozenset({"push", "fetch", "pull", "clone", "ls-remote", "remote", "submodule", "archive",
                        "request-pull"})
# Options of these subcommands that take the next word as their value (it is not the repository).
_VALUE_OPTIONS: dict[str, frozenset[str]] = {sub: frozenset(options.split()) for sub, options in {
    "clone": "-b --branch -o --origin -c --config --depth --reference --reference-if-able --separate-git-dir -j "
             "--jobs --shallow-since --shallow-exclude --server-option --template -u --upload-pack --bundle-uri "
             "--filter --ref-format",
    "fetch": "--depth --deepen --shallow-since --shallow-exclude -j --jobs --negotiation-tip --refmap -o "
             "--server-option --upload-pack --filter",
    "pull": "--depth --deepen --shallow-since --shallow-exclude -j --jobs --negotiation-tip --refmap -o "
            "--server-option --upload-pack -s --strategy -X --strategy-option --cleanup",
    "ls-remote": "-o --server-option --upload-pack --sort",
    "push": "-o --push-option --receive-pack --exec --repo",
    "archive": "--remote --exec -o --output --format --prefix --add-file",
    "request-pull": "",
    "submodule": "-b --branch --name --reference --depth",
    "remote": "-t -m --track --master",
}.items()}
# Where, among a subcommand's operands, the repository it reaches is.
_REPOSITORY_OPERAND = {"clone": 0, "fetch": 0, "pull": 0, "ls-remote": 0, "push": 0, "request-pull": 1}
# Options whose value is a repository reached too.
_REPOSITORY_OPTIONS = ("--reference", "--reference-if-able", "--repo", "--remote", "--bundle-uri")


def judge_remote(cmd: SimpleCommand, ctx: Context) -> None:
    if not cmd.args:
        return
    sub, rest = cmd.args[0], cmd.args[1:]
    if sub == "send-email":
        ctx.found.add("shell.exfiltrate", "git send-email mails the commits away")
        return
    if sub == "push" and any(GIT_URL.match(a) for a in rest if not a.startswith("-")):
        ctx.found.add("shell.exfiltrate", f"git push to an address given here, not a configured remote: "
                                          f"{rest[0] if rest else ''}")
        return
    operands, values = _operands(sub, rest)
    reached = [value for option, value in values if option.split("=", 1)[0] in _REPOSITORY_OPTIONS]
    if sub in _REPOSITORY_OPERAND and len(operands) > _REPOSITORY_OPERAND[sub]:
        reached.append(operands[_REPOSITORY_OPERAND[sub]])
    if sub == "submodule" and operands[:1] == ["add"] and len(operands) > 1:
        reached.append(operands[1])
    if sub == "remote" and operands[:1] in (["add"], ["set-url"]) and len(operands) > 2:
        ctx.git_remotes[operands[1]] = operands[2]  # a later command of this line reaches it by name
        if operands[0] == "add" and any(a in ("-f", "--fetch") for a in rest):
            reached.append(operands[2])
    every_remote = any(a in ("--all", "--multiple") for a in rest) or (sub == "remote" and operands[:1] == ["update"])
    if every_remote and sub in ("fetch", "pull", "remote", "push") and ctx.git_remotes:
        reached.extend(ctx.git_remotes)  # `git remote add evil URL && git fetch --all`
    for repository in reached:
        _judge_repository(sub, repository, ctx)


def _judge_repository(sub: str, repository: str, ctx: Context) -> None:
    where = repository_place(repository, ctx)
    if repository in ctx.git_remotes:
        ctx.found.add("shell.exfiltrate", f"git {sub} {repository}: a remote this line pointed at "
                                          f"{ctx.git_remotes[repository]}")
    elif where == "address":
        ctx.found.add("shell.exfiltrate", f"git {sub} {repository}: an address given here, not a configured remote "
                                          "(the address and what git sends carry data out; what it fetches lands here)")
    elif where == "outside":
        ctx.found.add("shell.outside_path", f"git {sub} {repository}: a repository outside the workspace, run with "
                                            "its own configuration")


def repository_place(word: str, ctx: Context) -> str:
    """"address" (a URL, `[user@]host:path`), "outside" (a directory or file:// URL outside the
    workspace), or "" (a remote's name, or a repository here)."""
    if word.lower().startswith("file://"):
        path = word[len("file://"):]
        return "outside" if looks_outside(path, ctx) or not contains_path(path, ctx) else ""
    if "://" in word or "::" in word or (re.match(r"[^/:]+:", word) and not word.startswith((".", "/", "~"))):
        return "address"  # git reads `host:path` (a colon before any slash) as ssh
    if looks_outside(word, ctx) or not contains_path(word, ctx):
        return "outside"
    return ""


def _operands(sub: str, rest: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The subcommand's operands, and the (option, value) pairs of its options that take one."""
    takes_value = _VALUE_OPTIONS.get(sub, frozenset())
    operands: list[str] = []
    values: list[tuple[str, str]] = []
    k = 0
    while k < len(rest):
        arg = rest[k]
        if arg == "--":
            operands.extend(rest[k + 1 :])
            break
        if arg.startswith("-") and len(arg) > 1:
            if "=" in arg:
                values.append((arg, arg.split("=", 1)[1]))
            elif arg in takes_value and k + 1 < len(rest):
                values.append((arg, rest[k + 1]))
                k += 1
        else:
            operands.append(arg)
        k += 1
    return operands, values


JUDGES = {"git": judge_git}
