"""Hard-coded risk rules. The model's opinion of its own action never counts.

The rules are data: `RULES` maps each rule id to its level and reason, and the command
patterns below say which programs and flags trigger which rule. `classify()` collects every
rule that fires; the verdict's level is the highest among them, so a command is as risky as
its riskiest part. A path outside the workspace is refused outright, not just flagged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from .actions import Action, Done, InsertLines, ListDir, ReadFile, ReplaceLines, RunCommand, WriteFile
from .edits import EditPreview, try_preview
from .shell import SHELLS, SimpleCommand, analyze
from .syntax import changed_line_kinds
from .workspace import PathEscape, Workspace

Level = Literal["LOW", "MEDIUM", "HIGH"]
LEVELS: tuple[Level, ...] = ("LOW", "MEDIUM", "HIGH")


@dataclass(frozen=True)
class Rule:
    id: str
    level: Level
    reason: str


def _rules(*rows: tuple[str, Level, str]) -> dict[str, Rule]:
    return {row[0]: Rule(*row) for row in rows}


RULES: dict[str, Rule] = _rules(
    # actions that only look
    ("read.file", "LOW", "reads a file"),
    ("read.listing", "LOW", "lists a directory"),
    ("done.claim", "LOW", "claims the task is finished; check the net diff"),
    # paths
    ("path.outside_workspace", "HIGH", "the path is outside the workspace; refused"),
    ("path.vcs_internals", "HIGH", "writes inside the version-control directory"),
    # edits
    ("edit.cannot_apply", "HIGH", "the edit cannot be applied as written; refused"),
    ("edit.destructive_rewrite", "HIGH", "deletes at least half of the existing file's lines"),
    ("edit.control_flow", "MEDIUM", "the changed lines touch control flow"),
    ("edit.code", "MEDIUM", "changes code"),
    ("edit.cosmetic", "LOW", "changes only comments, blank lines or whitespace"),
    ("edit.text", "LOW", "changes a text file that is not code"),
    ("edit.no_change", "LOW", "the content is identical: nothing would change"),
    ("write.new_code_file", "MEDIUM", "creates a new file containing code"),
    ("write.new_text_file", "LOW", "creates a new text file"),
    # shell: destructive
    ("shell.delete", "HIGH", "deletes files"),
    ("shell.disk", "HIGH", "writes raw disks or file systems"),
    ("shell.truncate", "HIGH", "truncates files"),
    ("shell.in_place_edit", "HIGH", "edits files in place, bypassing the diff"),
    ("shell.recursive_permissions", "HIGH", "changes permissions or owners recursively"),
    ("shell.git_discard", "HIGH", "discards work in git (reset --hard, clean, checkout ., restore, rm)"),
    ("shell.git_force_push", "HIGH", "force-pushes, rewriting shared history"),
    ("shell.find_delete", "HIGH", "find deletes what it matches"),
    ("shell.sync_delete", "HIGH", "rsync deletes files at the destination"),
    ("shell.kill", "HIGH", "kills processes or stops the machine"),
    ("shell.privilege", "HIGH", "runs with elevated privileges"),
    ("shell.pipe_to_shell", "HIGH", "runs code downloaded from the network"),
    ("shell.fork_bomb", "HIGH", "a fork bomb"),
    ("shell.copy_onto_existing", "HIGH", "moves or copies onto a path that exists, replacing it"),
    ("shell.redirect_overwrite", "HIGH", "a redirection overwrites an existing file"),
    ("shell.tee_overwrite", "HIGH", "tee overwrites an existing file"),
    ("shell.outside_path", "HIGH", "names a path outside the workspace"),
    ("shell.dynamic_command", "HIGH", "the program to run is computed at run time and cannot be judged"),
    # shell: other
    ("shell.redirect_create", "MEDIUM", "a redirection creates a file"),
    ("shell.redirect_append", "MEDIUM", "a redirection appends to a file"),
    ("shell.reads_outside", "MEDIUM", "reads a path outside the workspace"),
    ("shell.unparsed", "MEDIUM", "part of the command could not be parsed, so it cannot be looked through"),
    ("shell.other", "MEDIUM", "runs a program that can change things"),
    ("shell.read_only", "LOW", "only reads"),
    ("shell.empty", "LOW", "the command is empty"),
)


@dataclass(frozen=True)
class CommandPattern:
    """Which simple commands a rule matches: program, optional subcommand, optional flags.

    With no `flags` and no `short`, the program (and subcommand) alone match. Otherwise an
    argument must equal one of `flags` (or start with `flag=`), or be a short-option cluster
    containing one of the letters in `short`. `unless` flags exempt the command (dry runs).
    """

    programs: frozenset[str]
    subcommands: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    short: str = ""
    unless: frozenset[str] = frozenset()

    def matches(self, cmd: SimpleCommand) -> bool:
        if cmd.program not in self.programs:
            return False
        args = cmd.args
        if self.subcommands:
            if not args or args[0] not in self.subcommands:
                return False
            args = args[1:]
        if any(a in self.unless for a in args):
            return False
        if not self.flags and not self.short:
            return True
        for arg in args:
            if arg in self.flags or any(arg.startswith(f + "=") for f in self.flags if f.startswith("--")):
                return True
            if self.short and re.fullmatch(r"-[A-Za-z][^-=]*", arg) and any(c in arg[1:] for c in self.short):
                return True
        return False


def _p(*programs: str, sub: tuple[str, ...] = (), flags: tuple[str, ...] = (), short: str = "",
       unless: tuple[str, ...] = ()) -> CommandPattern:
    return CommandPattern(frozenset(programs), frozenset(sub), frozenset(flags), short, frozenset(unless))


# (rule id, pattern): checked against every simple command found in a command line.
COMMAND_RULES: tuple[tuple[str, CommandPattern], ...] = (
    ("shell.delete", _p("rm", "rmdir", "unlink", "shred", "srm", "wipe", "trash", "trash-put")),
    ("shell.disk", _p("dd", "mkfs", "mkfs.ext4", "mkfs.ext3", "mkfs.xfs", "mkfs.vfat", "mkfs.btrfs",
                      "fdisk", "sfdisk", "parted", "wipefs", "mkswap", "losetup")),
    ("shell.truncate", _p("truncate")),
    ("shell.in_place_edit", _p("sed", "gsed", flags=("--in-place",), short="i")),
    ("shell.in_place_edit", _p("perl", short="i")),
    ("shell.recursive_permissions", _p("chmod", "chown", "chgrp", "chattr", flags=("--recursive",), short="R")),
    ("shell.git_discard", _p("git", sub=("reset",), flags=("--hard", "--merge", "--keep"))),
    ("shell.git_discard", _p("git", sub=("clean",), unless=("-n", "--dry-run"))),
    ("shell.git_discard", _p("git", sub=("checkout",), flags=("--", ".", "-f", "--force"))),
    ("shell.git_discard", _p("git", sub=("restore", "rm"))),
    ("shell.git_discard", _p("git", sub=("stash",), flags=("drop", "clear"))),
    ("shell.git_discard", _p("git", sub=("branch",), flags=("-D", "--delete"), short="D")),
    ("shell.git_discard", _p("git", sub=("filter-branch", "filter-repo", "update-ref", "gc", "prune"))),
    ("shell.git_force_push", _p("git", sub=("push",), flags=("--force", "--force-with-lease", "--mirror", "--delete"), short="f")),
    ("shell.find_delete", _p("find", flags=("-delete",))),
    ("shell.sync_delete", _p("rsync", flags=("--delete", "--delete-after", "--delete-before", "--remove-source-files"))),
    ("shell.kill", _p("kill", "pkill", "killall", "xkill", "reboot", "shutdown", "halt", "poweroff", "init", "telinit")),
    ("shell.kill", _p("systemctl", sub=("stop", "kill", "disable", "mask", "reboot", "poweroff", "halt", "isolate"))),
    ("shell.privilege", _p("sudo", "su", "doas", "pkexec", "run0", "chroot", "nsenter", "unshare")),
)

# Programs that only read (given no rule above fired and no redirection writes).
READ_ONLY_PROGRAMS = frozenset({
    "ls", "cat", "head", "tail", "wc", "grep", "egrep", "fgrep", "rg", "ag", "pwd", "echo", "printf", "find",
    "tree", "file", "stat", "du", "df", "which", "type", "whoami", "date", "diff", "cmp", "sort", "uniq", "cut",
    "tr", "nl", "basename", "dirname", "realpath", "readlink", "true", "false", ":", "test", "[", "printenv",
    "id", "uname", "hostname", "less", "more", "od", "hexdump", "xxd", "md5sum", "sha1sum", "sha256sum",
    "column", "fold", "rev", "tac", "comm", "seq", "sleep", "expr", "fmt", "paste", "join", "look", "strings",
    "sed", "jq", "env", "locale", "nproc", "free", "uptime", "ps",
})
READ_ONLY_GIT = frozenset({"status", "diff", "log", "show", "blame", "ls-files", "rev-parse", "grep",
                           "describe", "shortlog", "ls-tree", "cat-file", "reflog", "config", "branch", "tag", "remote"})
DOWNLOADERS = frozenset({"curl", "wget", "fetch", "aria2c", "http", "xh"})
INTERPRETERS = SHELLS | {"python", "python3", "perl", "ruby", "node", "php", "source", "."}
MOVERS = frozenset({"mv", "cp", "install", "ln"})
HARMLESS_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "-"})
_FORK_BOMB = re.compile(r"(\S+)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&")
_SHELL_FROM_DOWNLOAD = re.compile(r"\b(?:ba|z|da|k)?sh\b[^|;&]*<\(\s*(?:curl|wget)\b|\b(?:ba|z|da|k)?sh\s+-c\s+[\"']?\$\(\s*(?:curl|wget)\b")


@dataclass(frozen=True)
class RiskVerdict:
    level: Level
    rules: tuple[str, ...]
    reasons: tuple[str, ...]
    refused: bool = False

    @property
    def is_high(self) -> bool:
        return self.level == "HIGH"


@dataclass
class _Findings:
    hits: list[tuple[str, str]] = field(default_factory=list)  # (rule id, specific reason)

    def add(self, rule_id: str, detail: str = "") -> None:
        reason = RULES[rule_id].reason + (f": {detail}" if detail else "")
        if (rule_id, reason) not in self.hits:
            self.hits.append((rule_id, reason))

    def verdict(self) -> RiskVerdict:
        if not self.hits:
            raise AssertionError("every classification fires at least one rule")
        level = max((RULES[r].level for r, _ in self.hits), key=LEVELS.index)
        # Show the rules that decided the level first.
        ordered = sorted(self.hits, key=lambda h: -LEVELS.index(RULES[h[0]].level))
        refused = any(r in ("path.outside_workspace", "edit.cannot_apply") for r, _ in ordered)
        return RiskVerdict(level, tuple(r for r, _ in ordered), tuple(d for _, d in ordered), refused)


VCS_DIRS = frozenset({".git", ".hg", ".svn"})


def classify(action: Action, workspace: Workspace, preview: EditPreview | None = None) -> RiskVerdict:
    """The risk of an action in a workspace, by the hard-coded rules alone.

    `preview` is the edit's before/after/diff when the caller has it already (it is computed once
    per proposal and shared by the risk rules, the guards and the diff view).
    """
    found = _Findings()
    if isinstance(action, RunCommand):
        _classify_command(action.command, workspace, found)
        return found.verdict()
    if isinstance(action, Done):
        found.add("done.claim")
        return found.verdict()
    try:
        rel = workspace.relative(action.path)
    except PathEscape as exc:
        found.add("path.outside_workspace", str(exc))
        return found.verdict()
    if isinstance(action, ReadFile):
        found.add("read.file", rel)
    elif isinstance(action, ListDir):
        found.add("read.listing", rel)
    elif isinstance(action, (WriteFile, ReplaceLines, InsertLines)):
        if any(part in VCS_DIRS for part in rel.split("/")):  # nested repos too: vendor/x/.git/hooks
            found.add("path.vcs_internals", rel)
        error = None
        if preview is None:
            preview, error = try_preview(action, workspace)
        if preview is None:
            found.add("edit.cannot_apply", error or "")
        else:
            _classify_edit(preview, found)
    return found.verdict()


def _classify_edit(preview: EditPreview, found: _Findings) -> None:
    if preview.no_op:
        found.add("edit.no_change", preview.path)
        return
    kinds = changed_line_kinds(preview.path, preview.before, preview.after, preview.diff.opcodes or None)
    if preview.before is not None:
        old_lines = len(preview.before.splitlines())
        if old_lines and kinds.removed_lines * 2 >= old_lines:
            found.add("edit.destructive_rewrite", f"{kinds.removed_lines} of {old_lines} lines removed from {preview.path}")
    if preview.is_new_file:
        if kinds.is_code and kinds.has_code_lines:
            found.add("write.new_code_file", preview.path)
        else:
            found.add("write.new_text_file", preview.path)
        if kinds.control_flow:
            found.add("edit.control_flow", ", ".join(sorted(kinds.control_flow)))
        return
    if kinds.control_flow:
        found.add("edit.control_flow", ", ".join(sorted(kinds.control_flow)))
    elif kinds.cosmetic_only:
        found.add("edit.cosmetic", preview.path)
    elif kinds.is_code:
        found.add("edit.code", preview.path)
    else:
        found.add("edit.text", preview.path)


# -- shell commands -------------------------------------------------------------------------

def _classify_command(command: str, workspace: Workspace, found: _Findings) -> None:
    if not command.strip():
        found.add("shell.empty")
        return
    analysis = analyze(command)
    if _FORK_BOMB.search(command):
        found.add("shell.fork_bomb")
    if _SHELL_FROM_DOWNLOAD.search(command):
        found.add("shell.pipe_to_shell", "a shell reads a download")
    if analysis.errors:
        found.add("shell.unparsed", "; ".join(dict.fromkeys(analysis.errors)))
    for cmd in analysis.commands:
        _classify_simple(cmd, workspace, found)
    if not found.hits:
        found.add("shell.empty")


def _classify_simple(cmd: SimpleCommand, workspace: Workspace, found: _Findings) -> None:
    text = cmd.text()
    before = len(found.hits)
    if any(v in ("sudo", "doas", "su", "pkexec", "run0") for v in cmd.via):
        found.add("shell.privilege", text)
    if cmd.dynamic:
        found.add("shell.dynamic_command", cmd.argv[0] if cmd.argv else text)
    for rule_id, pattern in COMMAND_RULES:
        if pattern.matches(cmd):
            found.add(rule_id, text)
    if cmd.piped_from is not None and cmd.program in INTERPRETERS and not _has_script_arg(cmd):
        source = cmd.piped_from
        if source.program in DOWNLOADERS or any(p in DOWNLOADERS for p in _pipeline_programs(source)):
            found.add("shell.pipe_to_shell", f"{source.text()} | {text}")
    for redirect in cmd.redirects:
        _classify_redirect(redirect.target, redirect, workspace, found)
    if cmd.program in MOVERS:
        _classify_mover(cmd, workspace, found)
    if cmd.program == "tee":
        targets = [a for a in cmd.args if not a.startswith("-")]
        appends = any(a in ("-a", "--append") for a in cmd.args)
        for target in targets:
            if not appends and _existing_in_workspace(target, workspace):
                found.add("shell.tee_overwrite", target)
    read_only = _is_read_only(cmd)
    for arg in cmd.args:
        if _looks_like_outside_path(arg, workspace):
            found.add("shell.reads_outside" if read_only else "shell.outside_path", arg)
    if len(found.hits) == before and cmd.argv:
        found.add("shell.read_only" if read_only else "shell.other", text)


def _is_read_only(cmd: SimpleCommand) -> bool:
    if cmd.program == "git":
        return bool(cmd.args) and cmd.args[0] in READ_ONLY_GIT
    if cmd.program == "find":
        return not any(a.startswith(("-exec", "-ok", "-fprint", "-fls", "-delete")) for a in cmd.args)
    if cmd.program in ("sort",):
        return not any(a.startswith(("-o", "--output")) for a in cmd.args)
    return cmd.program in READ_ONLY_PROGRAMS


def _has_script_arg(cmd: SimpleCommand) -> bool:
    """`sh script.sh` runs a file; `sh`, `sh -s` or `python -` run what is piped in."""
    return any(not a.startswith("-") for a in cmd.args)


def _pipeline_programs(cmd: SimpleCommand) -> list[str]:
    programs = []
    node: SimpleCommand | None = cmd
    while node is not None:
        programs.append(node.program)
        node = node.piped_from
    return programs


def _classify_redirect(target: str, redirect, workspace: Workspace, found: _Findings) -> None:
    if not redirect.writes or target in HARMLESS_TARGETS or target.startswith("/dev/fd/"):
        return
    if _looks_like_outside_path(target, workspace) or not workspace.contains(target):
        found.add("shell.outside_path", target)
        return
    if redirect.truncates and _existing_in_workspace(target, workspace):
        found.add("shell.redirect_overwrite", target)
    elif redirect.op in (">>", "&>>"):
        found.add("shell.redirect_append", target)
    else:
        found.add("shell.redirect_create", target)


def _classify_mover(cmd: SimpleCommand, workspace: Workspace, found: _Findings) -> None:
    operands = [a for a in cmd.args if not a.startswith("-")]
    target = None
    for k, arg in enumerate(cmd.args):
        if arg in ("-t", "--target-directory") and k + 1 < len(cmd.args):
            target = cmd.args[k + 1]
        elif arg.startswith("--target-directory="):
            target = arg.split("=", 1)[1]
    if target is None and len(operands) >= 2:
        target = operands[-1]
    if target is None:
        return
    if cmd.program == "ln" and not any(a in ("-f", "--force") or (re.fullmatch(r"-[a-z]+", a) and "f" in a) for a in cmd.args):
        return  # ln without -f refuses to replace
    sources = [o for o in operands if o != target]
    if _existing_in_workspace(target, workspace):
        resolved = workspace.resolve(target)
        if resolved.is_dir():
            # Into a directory: only what would land on an existing name is replaced.
            clobbered = [s for s in sources if (resolved / s.rstrip("/").split("/")[-1]).exists()]
            if clobbered:
                found.add("shell.copy_onto_existing", f"{target}/{clobbered[0].rstrip('/').split('/')[-1]}")
        else:
            found.add("shell.copy_onto_existing", target)


def _existing_in_workspace(path: str, workspace: Workspace) -> bool:
    try:
        return workspace.resolve(path).exists()
    except PathEscape:
        return False


def _looks_like_outside_path(arg: str, workspace: Workspace) -> bool:
    """An argument that names a file system location outside the workspace."""
    if arg in HARMLESS_TARGETS or "://" in arg or arg.startswith("/dev/fd/"):
        return False
    if arg.startswith("~"):
        return True
    if arg.startswith("/") or arg == ".." or arg.startswith("../") or "/../" in arg or arg.endswith("/.."):
        return not workspace.contains(arg)
    return False
