"""The risk rule table and the verdict type: data shared by the action and the command rules.

`RULES` maps each rule id to its level and reason. A verdict collects every rule that fired;
its level is the highest among them, so an action is as risky as its riskiest part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Level = Literal["LOW", "MEDIUM", "HIGH"]
LEVELS: tuple[Level, ...] = ("LOW", "MEDIUM", "HIGH")


@dataclass(frozen=True)
class Rule:
    id: str
    level: Level
    reason: str


# A rule others name: the guards restate it as a flag, the `why` lever explains it to the model.
DESTRUCTIVE_REWRITE = "edit.destructive_rewrite"


def _rules(*rows: tuple[str, Level, str]) -> dict[str, Rule]:
    return {row[0]: Rule(*row) for row in rows}


RULES: dict[str, Rule] = _rules(
    # actions that only look
    ("read.file", "LOW", "reads a file"),
    ("read.listing", "LOW", "lists a directory"),
    ("done.claim", "LOW", "claims the task is finished; check the net diff"),
    # paths
    ("path.outside_workspace", "HIGH", "the path is outside the workspace; refused"),
    ("path.control_characters", "HIGH", "the path holds control or invisible characters, which would forge what "
                                        "the views show; refused"),
    ("path.vcs_internals", "HIGH", "writes inside the version-control directory"),
    ("write.runs_later", "HIGH", "writes configuration that runs code later (start-up files, git control files, "
                                 "autostart, smallops' own settings)"),
    # edits
    ("edit.cannot_apply", "HIGH", "the edit cannot be applied as written; refused"),
    (DESTRUCTIVE_REWRITE, "HIGH", "wipes most of a file"),
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
    ("shell.script_writes", "HIGH", "its script writes files or runs commands (sed w/e), bypassing the diff"),
    ("shell.recursive_permissions", "HIGH", "changes permissions or owners recursively"),
    ("shell.setuid", "HIGH", "sets a setuid or setgid bit (or capabilities): the file then runs with its owner's "
                             "rights for anyone who runs it, later and outside the sandbox"),
    ("shell.git_discard", "HIGH", "discards work or recovery data in git (reset --hard, clean, checkout ., "
                                  "restore, rm, reflog expire, gc --prune)"),
    ("shell.git_force_push", "HIGH", "force-pushes or deletes remote branches, rewriting shared history"),
    ("shell.find_delete", "HIGH", "find deletes what it matches"),
    ("shell.sync_delete", "HIGH", "rsync deletes files at the destination"),
    ("shell.move_tree", "HIGH", "moves a whole directory tree"),
    ("shell.kill", "HIGH", "kills processes or stops the machine"),
    ("shell.privilege", "HIGH", "runs with elevated privileges"),
    ("shell.pipe_to_shell", "HIGH", "runs code downloaded from the network"),
    ("shell.fork_bomb", "HIGH", "a fork bomb"),
    ("shell.copy_onto_existing", "HIGH", "moves or copies onto a path that exists, replacing it"),
    ("shell.redirect_overwrite", "HIGH", "a redirection overwrites an existing file"),
    ("shell.tee_overwrite", "HIGH", "tee overwrites an existing file"),
    ("shell.output_overwrite", "HIGH", "writes its output over an existing file (or over its own input)"),
    ("shell.outside_path", "HIGH", "writes, moves or names a path outside the workspace"),
    ("shell.dynamic_target", "HIGH", "writes to a path computed at run time, which cannot be checked"),
    ("shell.vcs_internals", "HIGH", "writes inside .git (hooks and config run code later)"),
    ("shell.runs_later", "HIGH", "writes configuration that runs code later (start-up files, git control files, "
                                 "autostart, smallops' own settings)"),
    # shell: code the rules cannot see
    ("shell.inline_code", "HIGH", "hands inline code to an interpreter, which the rules cannot judge"),
    ("shell.fed_interpreter", "HIGH", "feeds a shell or interpreter from a pipe, here-document, here-string "
                                      "or substitution"),
    ("shell.hidden_substitution", "HIGH", "runs hidden code: a command substitution the rules could not look into"),
    ("shell.dynamic_command", "HIGH", "the program to run is computed at run time and cannot be judged"),
    ("shell.disguised_command", "HIGH", "the command word is disguised and cannot be judged"),
    ("shell.code_config", "HIGH", "configures code to run later (git config/-c, aliases, hooks, crontab, "
                                  "schedulers)"),
    ("shell.code_variable", "HIGH", "sets a variable that makes programs run other code"),
    ("shell.option_runs_program", "HIGH", "an option makes it run another program"),
    ("shell.exfiltrate", "HIGH", "sends local data over the network"),
    ("shell.outside_control", "HIGH", "controls a program outside the sandbox (a terminal multiplexer, service "
                                      "manager, desktop, agent or container runs what it is told, unconfined)"),
    ("shell.reads_secrets", "HIGH", "reads other processes' environments, memory or open files"),
    ("shell.other_process", "HIGH", "acts on another process: its limits, priority, memory or system calls"),
    ("shell.unpacks_over", "HIGH", "unpacks an archive or applies a patch over the files here, replacing them "
                                   "without a diff"),
    ("shell.written_script", "HIGH", "runs a file the same command line writes, whose content would be HIGH as a "
                                     "command, is code the rules cannot judge, or cannot be read"),
    ("shell.unread_wrapper", "HIGH", "a program these rules do not know is given a command line that would be HIGH, "
                                     "and may run it"),
    # shell: other
    ("shell.redirect_create", "MEDIUM", "a redirection creates a file"),
    ("shell.redirect_append", "MEDIUM", "a redirection appends to a file"),
    ("shell.creates_file", "MEDIUM", "writes a new file"),
    ("shell.edits_in_place", "MEDIUM", "edits a file here in place (undo and the net diff show it)"),
    ("shell.reads_outside", "MEDIUM", "reads a path outside the workspace"),
    ("shell.leaves_workspace", "MEDIUM", "changes directory out of the workspace (later paths are not checked)"),
    ("shell.program_path", "MEDIUM", "runs a program by path rather than a system command"),
    ("shell.env_assignment", "MEDIUM", "sets an environment variable for the program"),
    ("shell.evaluates_value", "MEDIUM", "bash evaluates a variable's value as arithmetic, which can run code "
                                        "hidden in it"),
    ("shell.git_elsewhere", "MEDIUM", "runs git on the repository of another directory, whose configuration can "
                                      "run programs"),
    ("shell.unparsed", "MEDIUM", "part of the command could not be parsed, so it cannot be looked through"),
    ("shell.other", "MEDIUM", "runs a program not recognised as read-only"),
    ("shell.workspace_call", "MEDIUM", "only prints what the workspace's own functions return; it runs with the "
                                       "workspace read-only and no network"),
    ("shell.no_sandbox", "MEDIUM", "no OS sandbox: the command counts one risk level higher"),
    ("shell.read_only", "LOW", "only reads"),
    ("shell.help", "LOW", "only asks for help or a version"),
    ("shell.help_runs_code", "MEDIUM", "asks for help or a version, but the program loads the project's code or "
                                       "settings first (conftest.py, a toolchain file, JVM options)"),
    ("shell.empty", "LOW", "the command is empty"),
)
REFUSING_RULES = frozenset({"path.outside_workspace", "path.control_characters", "edit.cannot_apply"})


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
class Findings:
    hits: list[tuple[str, str]] = field(default_factory=list)  # (rule id, specific reason)

    @classmethod
    def of(cls, rule_id: str, detail: str = "") -> Findings:
        """Findings of one rule."""
        found = cls()
        found.add(rule_id, detail)
        return found

    def add(self, rule_id: str, detail: str = "") -> None:
        reason = RULES[rule_id].reason + (f": {detail}" if detail else "")
        if (rule_id, reason) not in self.hits:
            self.hits.append((rule_id, reason))


# The rules whose finding names, after its reason, the existing file a command writes over or into.
FILE_WRITING_RULES = frozenset({"shell.edits_in_place", "shell.redirect_append", "shell.redirect_overwrite",
                                "shell.copy_onto_existing", "shell.output_overwrite"})


def files_written(verdict: RiskVerdict) -> list[str]:
    """The existing files a command's verdict says it writes (as the command names them)."""
    found = []
    for rule, reason in zip(verdict.rules, verdict.reasons, strict=True):
        prefix = RULES[rule].reason + ": "
        if rule in FILE_WRITING_RULES and reason.startswith(prefix):
            found.append(reason[len(prefix):])
    return found


def one_level_higher(verdict: RiskVerdict, rule_id: str = "shell.no_sandbox") -> RiskVerdict:
    """The verdict counted one level higher (a command with no OS sandbox beneath it)."""
    level = LEVELS[min(LEVELS.index(verdict.level) + 1, len(LEVELS) - 1)]
    return RiskVerdict(level, (rule_id, *verdict.rules), (RULES[rule_id].reason, *verdict.reasons), verdict.refused)
