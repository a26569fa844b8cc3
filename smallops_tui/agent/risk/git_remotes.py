"""git reaching a repository the person did not configure: an address, or a directory outside.

`git clone`, `fetch`, `pull`, `ls-remote`, `push`, `request-pull`, `archive --remote`, `submodule
add` and `remote add -f` given an address on the line (`https://`, `ssh://`, `git@host:path`,
`host:path`, `file://` outside) reach the network like any client, but the address itself and
what git sends with it (the fetch negotiation names the commits here; a push sends them) carry
data out, and what comes back lands in the workspace: `shell.exfiltrate`, as `git push URL`
always was. A named remote (`origin`) stays the program's own level, unless this same line
pointed it elsewhere (`git remote set-url origin URL && git push`). A repository in a directory
outside the workspace runs with that repository's configuration, which the sandbox makes inert
only for repositories inside: `shell.outside_path`. `git send-email` mails the patches away.
"""

from __future__ import annotations

import re

from .paths import Context, contains_path, looks_outside
from .shell import SimpleCommand

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


def judge_git_remote(cmd: SimpleCommand, ctx: Context) -> None:
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


JUDGES = {"git": judge_git_remote}
