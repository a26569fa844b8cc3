"""Guards against the seed's failure modes, checked before a person decides.

Each guard returns flags that the UI shows and the log keeps; none of them executes or
blocks anything. They answer: does this write change anything (false success on no-ops)?
has this exact action been tried before (refinement loops)? does the path exist
(hallucinated paths)? does `done` match the disk (false success, task truncation)? does the
action carry characters a person cannot see (bidi overrides, zero-width, escape sequences)?
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from dataclasses import dataclass, field
from functools import partial
from typing import Iterable, Literal, assert_never

from ..reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand
from ..files.edits import EditPreview, try_preview
from ..files.visible import describe_hidden, hidden_characters, hiding_layout
from ..files.linediff import split_lines
from ..files.stamps import FileStamp
from ..files.scanned import scanned_texts
from ..files.workspace import PathEscape, Workspace, WorkspaceError
from .done_claims import claims_against_disk, renamed_not_on_disk
from .added_checks import CONFIG_SUFFIXES, added_findings
from .docs_checks import docs_findings
from .hint_checks import hint_findings
from .kept_checks import kept_findings
from .move_checks import moved_findings
from .reference_checks import references_left
from .value_checks import values_left
from .default_checks import defaults_left
from .import_checks import not_imported
from .setting_checks import KEYED_CONFIG_SUFFIXES, unread_settings
from .answer_basis import option_left_out, unfounded
from .answer_checks import asked_name_kind, asks_number, defined_names, file_names, names_none, unanswered
from .asked_call import asked_call
from .row_checks import other_rows
from .task_checks import asks_only, files_to_be_gone, task_findings
from .code_place import untouched_code
from .placement import misplaced
from .undefined_names import SHOWN_NAME_CHARS, undefined_uses
from .uncalled_checks import left_behind, uncalled
from .read_parts import ReadParts
from ..log.json_value import JsonObject
from ..risk.rules import DESTRUCTIVE_REWRITE

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # not tab, newline or CR

GuardKind = Literal[
    "no_op",
    "repeat",
    "missing_path",
    "done_without_change",
    "done_after_failure",
    "destructive_rewrite",
    "suspicious_repair",
    "hidden_text",
    "not_undoable",
    "replaces_binary",
    "near_copy",
    "misplaced",
    "claim_not_on_disk",
    "still_there",
    "still_defined",
    "untouched",
    "tests_fail",
    "not_added",
    "unused_parameter",
    "same_code",
    "docs_miss",
    "gone",
    "nothing_removed",
    "untested_fix",
    "untested_change",
    "not_hinted",
    "not_set",
    "out_of_scope",
    "no_answer",
    "answer_differs",
    "unread_option",
    "default_changed",
    "hints_contradicted",
    "other_rows",
    "unread_setting",
    "not_imported",
    "undefined",
    "uncalled",
    "unfounded",
    "left_out",
    "left_behind",
]

GUARD_LABELS: dict[str, str] = {
    "no_op": "NO-OP",
    "repeat": "REPEAT",
    "missing_path": "MISSING PATH",
    "done_without_change": "DONE WITHOUT CHANGE",
    "done_after_failure": "DONE AFTER FAILURE",
    "destructive_rewrite": "DESTRUCTIVE REWRITE",
    "suspicious_repair": "SUSPICIOUS",
    "hidden_text": "HIDDEN TEXT",
    "not_undoable": "NOT UNDOABLE",
    "replaces_binary": "REPLACES BINARY",
    "near_copy": "NEAR COPY",
    "misplaced": "MISPLACED",
    "claim_not_on_disk": "NOT ON DISK",
    "still_there": "STILL THERE",
    "still_defined": "STILL DEFINED",
    "untouched": "UNTOUCHED",
    "tests_fail": "TESTS FAIL",
    "not_added": "NOT ADDED",
    "unused_parameter": "UNUSED",
    "same_code": "SAME CODE",
    "docs_miss": "DOCS MISS",
    "gone": "GONE",
    "nothing_removed": "NOTHING REMOVED",
    "untested_fix": "UNTESTED FIX",
    "untested_change": "UNTESTED",
    "not_hinted": "UNHINTED",
    "not_set": "NOT SET",
    "out_of_scope": "OUT OF SCOPE",
    "no_answer": "NO ANSWER",
    "answer_differs": "ANSWER DIFFERS",
    "unread_option": "UNREAD OPTION",
    "default_changed": "DEFAULT CHANGED",
    "hints_contradicted": "HINTS CONTRADICTED",
    "other_rows": "OTHER ROWS",
    "unread_setting": "UNREAD SETTING",
    "not_imported": "NOT IMPORTED",
    "undefined": "UNDEFINED",
    "uncalled": "UNCALLED",
    "unfounded": "UNFOUNDED",
    "left_out": "LEFT OUT",
    "left_behind": "LEFT BEHIND",
}


@dataclass(frozen=True)
class GuardFlag:
    kind: GuardKind
    message: str
    step: int | None = None  # the earlier step this flag refers to (repeat)
    names: tuple[str, ...] = ()  # existing names suggested for a missing path

    @property
    def label(self) -> str:
        return GUARD_LABELS[self.kind] + (f" of step {self.step}" if self.step is not None else "")


@dataclass(frozen=True)
class StepRecord:
    step: int
    key: str
    action: str
    ok: bool  # the executed action succeeded (a command exited 0)
    changed_files: bool
    changes_before: int  # how many changes the workspace had seen when this step ran


@dataclass
class SessionHistory:
    """What the guards need to know about earlier steps of the session."""

    baseline: dict[str, FileStamp]  # Workspace.snapshot() when the session started
    steps: list[StepRecord] = field(default_factory=list)
    changes: int = 0
    task: str = ""  # what the person asked for (placement.py reads where it says new lines go)
    # Each small file's text at the start of the session (changes.py), or as the session first
    # proposed to edit it, so `done` can judge the net change against the task, whoever made it (an
    # edit or a command); the baseline's stamps hold no text.
    first_texts: dict[str, str] = field(default_factory=dict)
    # The newest step of each action key: the repeat guard asks at every step, and a scan back over
    # every step made a step's cost grow with the session (a session of 2,000 distinct reads).
    newest: dict[str, StepRecord] = field(default_factory=dict)
    # What reads left out of files too long to send whole: the next read of one sends it (read_parts.py).
    read_parts: ReadParts = field(default_factory=ReadParts)

    def record(self, step: int, action: Action, ok: bool, changed_files: bool) -> None:
        record = StepRecord(step, action_key(action), action.action, ok, changed_files, self.changes)
        self.steps.append(record)
        self.newest[record.key] = record
        if changed_files:
            self.changes += 1

    def since_last_change(self) -> list[StepRecord]:
        """The steps run since the workspace last changed, oldest first (the count only grows, so
        they are the newest steps: found from the end, not by a walk over the whole session)."""
        start = len(self.steps)
        while start > 0 and self.steps[start - 1].changes_before == self.changes:
            start -= 1
        return self.steps[start:]

    def last(self) -> StepRecord | None:
        return self.steps[-1] if self.steps else None


def _norm_path(path: str) -> str:
    normalized = posixpath.normpath(path.strip() or ".")
    return normalized[2:] if normalized.startswith("./") else normalized


def action_key(action: Action) -> str:
    """A normalized form: two actions with the same key do the same thing."""
    return data_key(action.to_json())


def data_key(data: JsonObject) -> str:
    """`action_key` of an action as a log records it (a dict)."""
    data = dict(data)
    if "path" in data and isinstance(data["path"], str):
        data["path"] = _norm_path(data["path"])
    if "command" in data and isinstance(data["command"], str):
        data["command"] = re.sub(r"\s+", " ", data["command"].strip())
    if "summary" in data:
        data["summary"] = ""  # two `done`s are a repeat whatever they say
    return repr(sorted(data.items()))


def check_guards(action: Action, workspace: Workspace, history: SessionHistory,
                 preview: EditPreview | None = None) -> list[GuardFlag]:
    flags: list[GuardFlag] = []
    if isinstance(action, EditAction):
        if preview is None:
            preview, _ = try_preview(action, workspace)
        if preview is not None and preview.no_op:
            flags.append(GuardFlag("no_op", f"the write leaves {preview.path} exactly as it is: nothing would change"))
        if preview is not None and not preview.no_op:
            flags.extend(_replaces_binary(workspace, preview.path))
            flags.extend(near_copies(workspace, preview.path, preview.after))
            if preview.before is not None:
                history.first_texts.setdefault(preview.path, preview.before)
            flags.extend(misplacement(history.task, preview.path, preview.before, preview.after))
    flags.extend(_hidden_text(action, preview))
    flags.extend(_repeat(action, history))
    flags.extend(_missing_path(action, workspace))
    if isinstance(action, Done):
        flags.extend(_done(workspace, history, action.summary))
    return flags


def _replaces_binary(workspace: Workspace, path: str) -> list[GuardFlag]:
    """A write onto a file smallops reads as binary (NUL bytes: UTF-16, an image, a database):
    the new text is not that file's encoding, so it is said, not done silently."""
    try:
        head, size = workspace.read_head(path, 8192)
    except (WorkspaceError, PathEscape, OSError):
        return []
    if b"\x00" not in head:
        return []
    utf16 = head[:2] in (b"\xff\xfe", b"\xfe\xff")
    what = "UTF-16 text (a byte-order mark and NUL bytes)" if utf16 else "binary (it holds NUL bytes)"
    return [GuardFlag("replaces_binary", f"{path} is {what}, {size:,} bytes; this write replaces it with UTF-8 text")]


def _new_text(action: Action, preview: EditPreview | None) -> str:
    """What the action brings that a person must read: the lines an edit adds, or its fields."""
    if preview is not None and preview.diff.opcodes:
        new = split_lines(preview.after)
        return "".join("".join(new[j1:j2]) for tag, _, _, j1, j2 in preview.diff.opcodes if tag != "equal")
    return "\n".join(v for k, v in action.to_json().items() if k != "action" and isinstance(v, str))


def _hidden_text(action: Action, preview: EditPreview | None) -> list[GuardFlag]:
    text = _new_text(action, preview)
    found = hidden_characters(text) + sorted(set(_CONTROL.findall(text)))
    flags = []
    if found:
        flags.append(GuardFlag("hidden_text", f"{len(found)} kind{'s' if len(found) != 1 else ''} of invisible, "
                               f"direction-changing or control character, drawn as ⟨U+…⟩ or \\xNN: {describe_hidden(found)}"))
    layout = hiding_layout(text)
    if layout:
        flags.append(GuardFlag("hidden_text", f"text laid out to hide: {'; '.join(layout)} (drawn as \\x0d and "
                               "⟨N spaces⟩)"))
    return flags


def _repeat(action: Action, history: SessionHistory) -> list[GuardFlag]:
    record = history.newest.get(action_key(action))
    if record is None:
        return []
    if isinstance(action, (ReadFile, ListDir)) and record.changes_before != history.changes:
        return []  # looking again after something changed is checking, not looping
    if isinstance(action, RunCommand) and record.changes_before + record.changed_files != history.changes:
        # Running again after something else changed is checking too: its output may differ (the
        # nine's r3 ran `cat math.py` after its fix and was told the same result would come back).
        # A command that changes files, sent again with nothing else changed since, is still one.
        return []
    what = "the same action" if not isinstance(action, RunCommand) else "the same command"
    outcome = "succeeded" if record.ok else "failed"
    return [GuardFlag("repeat", f"{what} was tried at step {record.step} and {outcome}", step=record.step)]


def _missing_path(action: Action, workspace: Workspace) -> list[GuardFlag]:
    """What the action needs of its path: a file to read or edit, a directory to list, and for a
    whole-file write, the directory it goes in."""
    need: Literal["file", "dir", "parent"]
    match action:
        case ReadFile():
            need = "file"
        case EditAction():
            need = "parent" if action.creates else "file"
        case ListDir():
            need = "dir"
        case RunCommand() | Done():
            return []
        case _:
            assert_never(action)
    try:
        target = workspace.resolve(action.path)
    except PathEscape:
        return []  # refused by the risk rules; not a question of existence
    rel = posixpath.normpath(action.path)
    if need == "file":
        if target.is_dir():
            return [GuardFlag("missing_path", f"{rel} is a directory, not a file")]
        if not target.exists():
            return [_missing(rel, workspace)]
    elif need == "dir":
        if target.exists() and not target.is_dir():
            return [GuardFlag("missing_path", f"{rel} is a file, not a directory")]
        if not target.exists():
            return [_missing(rel, workspace)]
    elif not target.parent.exists():
        return [_missing_parent(target, workspace)]
    return []


def _missing_parent(target: Path, workspace: Workspace) -> GuardFlag:
    missing_dir = workspace.root
    for part in target.relative_to(workspace.root).parts[:-1]:
        if not (missing_dir / part).exists():
            missing_dir = missing_dir / part
            break
        missing_dir = missing_dir / part
    missing_rel = missing_dir.relative_to(workspace.root).as_posix()
    flag = _missing(missing_rel + "/", workspace)
    return GuardFlag("missing_path", f"the directory {missing_rel}/ does not exist (it would be created); "
                     + flag.message.split("; ", 1)[-1], names=flag.names)


def _missing(rel: str, workspace: Workspace) -> GuardFlag:
    names = tuple(workspace.nearest_names(rel))
    where, listing = workspace.nearest_listing(rel)
    shown = ", ".join(listing[:12]) + (" …" if len(listing) > 12 else "") if listing else "(empty)"
    hint = f"nearest existing: {', '.join(names)}" if names else f"{where} holds: {shown}"
    return GuardFlag("missing_path", f"{rel} does not exist; {hint}", names=names)


NEAR_COPY_FILES = 200  # files compared with a write (the first so many of the workspace's)
NEAR_COPY_BYTES = 64 * 1024  # larger files are not compared


def _squeezed(text: str) -> str:
    return " ".join(text.split())


def near_copies(workspace: Workspace, rel: str, text: str) -> list[GuardFlag]:
    """A file that is another one retyped, with spaces or line breaks lost on the way: the seed's
    copy task, where a model regenerated a file instead of copying it and claimed an exact copy."""
    squeezed = _squeezed(text)
    if not squeezed or len(text) > NEAR_COPY_BYTES:
        return []
    for other in workspace.walk_files()[:NEAR_COPY_FILES]:
        if other == rel:
            continue
        try:
            if workspace.resolve(other).stat().st_size > NEAR_COPY_BYTES:
                continue
            other_text = workspace.read_text(other)
        except (OSError, WorkspaceError, PathEscape, UnicodeDecodeError):
            continue
        if other_text != text and _squeezed(other_text) == squeezed:
            return [GuardFlag("near_copy", f"{rel} is {other} with different spaces or line breaks, not an exact copy "
                              f"(cp copies exactly)", names=(other,))]
    return []


def names_undefined(rel: str, before: str | None, after: str) -> list[GuardFlag]:
    """UNDEFINED: a Python file the session made or changed uses names in code that nothing in it
    defines or imports, which it did not at the start (undefined_names.py). `lint` answers such a
    write; a command, or a session without the lever, made heldout16's z02: `syrup_yield` read
    `syrup_litres`, a parameter of the function beside it, and every call raised NameError."""
    if not rel.endswith(".py"):
        return []
    now = undefined_uses(rel, after)
    start = undefined_uses(rel, before) if before is not None else []
    if not now or start is None:
        return []
    known = {use.name for use in start}
    new = [use for use in now if not use.in_all and use.name not in known]
    if not new:
        return []
    shown = ", ".join(f"{use.name[:SHOWN_NAME_CHARS]} (line {use.line})" for use in new[:4]) + (" …" if len(new) > 4 else "")
    return [GuardFlag("undefined", f"{rel} uses {shown}, which nothing in it defines or imports: the code that "
                                   f"reads {'it' if len(new) == 1 else 'them'} fails with NameError")]


def misplacement(task: str, rel: str, before: str | None, after: str) -> list[GuardFlag]:
    """New lines put somewhere else than the one place the task names (placement.py)."""
    why = misplaced(task, rel, before, after)
    return [GuardFlag("misplaced", f"{rel}: {why}")] if why else []


def _done(workspace: Workspace, history: SessionHistory, summary: str) -> list[GuardFlag]:
    flags = []
    net = workspace.net_changes(history.baseline)
    if not net.any and not asks_only(history.task):  # an answer to a task that asks only is no false success
        flags.append(GuardFlag("done_without_change", "no file in the workspace differs from the start of the session"))
    for said in claims_against_disk(summary, history.baseline, net.created, net.modified, net.deleted,
                                    partial(_exists, workspace)):
        flags.append(GuardFlag("claim_not_on_disk", said))
    if "renamed" in summary.lower():
        flags.extend(GuardFlag("claim_not_on_disk", said) for said in renamed_not_on_disk(
            summary, _changed_texts(workspace, [*net.created, *net.modified])))
    files_now = sorted((set(history.baseline) - set(net.deleted)) | set(net.created))
    changed = {*net.created, *net.modified, *net.deleted}
    for finding in [*task_findings(history.task, workspace, set(history.baseline), net.created, net.modified, net.deleted),
                    *untouched_code(history.task, workspace, files_now, changed, net.created)]:
        flags.append(GuardFlag(finding.kind, finding.text))
    if not net.any:
        flags.extend(_answer_flags(workspace, history, summary, files_now))
    for added in added_findings(history.task, workspace, history.first_texts, files_now, net.modified,
                                bool(net.created or net.deleted), net.created):
        flags.append(GuardFlag(added.kind, added.text))
    if net.any:
        flags.extend(GuardFlag(moved.kind, moved.text) for moved in moved_findings(history.task, workspace))
        flags.extend(GuardFlag("still_there", said) for said in references_left(history.task, workspace, net.deleted,
                                                                                 files_now))
        flags.extend(GuardFlag("still_there", said) for said in values_left(history.task, workspace, history.first_texts,
                                                                             net.modified, files_now))
        flags.extend(GuardFlag("still_there", said) for said in defaults_left(history.task, workspace,
                                                                               history.first_texts, files_now))
        flags.extend(GuardFlag("not_imported", said) for said in not_imported(history.task, workspace,
                                                                               history.baseline, files_now))
        flags.extend(GuardFlag("left_behind", said) for said in left_behind(
            history.task, history.first_texts, scanned_texts(workspace, files_now), files_now))
        made_code = dict(scanned_texts(workspace, [rel for rel in [*net.created, *net.modified] if rel.endswith(".py")]))
        if made_code:
            flags.extend(GuardFlag("uncalled", said) for said in uncalled(
                history.task, history.first_texts, made_code, scanned_texts(workspace, files_now)))
        configs = dict(scanned_texts(workspace, [rel for rel in [*net.created, *net.modified]
                                                 if rel.endswith(KEYED_CONFIG_SUFFIXES)]))
        if configs:
            code = scanned_texts(workspace, [rel for rel in files_now if rel.endswith(".py")])
            flags.extend(GuardFlag("unread_setting", said)
                         for said in unread_settings(history.first_texts, configs, code))
    flags.extend(GuardFlag("docs_miss", found.text) for found in docs_findings(history.task, workspace))
    flags.extend(GuardFlag(found.kind, found.text) for found in hint_findings(history.task, workspace,
                                                                              [*net.created, *net.modified]))
    flags.extend(GuardFlag(row.kind, row.text) for row in other_rows(history.task, workspace, history.first_texts,
                                                                     net.modified))
    flags.extend(GuardFlag(kept.kind, kept.text) for kept in kept_findings(
        history.task, workspace, history.first_texts, files_now, net.modified, net.deleted,
        files_to_be_gone(history.task), net.created))
    for rel in (net.created + net.modified)[:NEAR_COPY_FILES]:
        try:
            text = workspace.read_text(rel)
        except (OSError, WorkspaceError, PathEscape, UnicodeDecodeError):
            continue
        flags.extend(near_copies(workspace, rel, text))
        if rel in history.first_texts or rel in net.created:  # a file's start unknown: not judged
            flags.extend(names_undefined(rel, history.first_texts.get(rel), text))
        if rel in history.first_texts:
            flags.extend(misplacement(history.task, rel, history.first_texts[rel], text))
    last = history.last()
    if last is not None and not last.ok:
        what = "command" if last.action == RunCommand.NAME else last.action
        flags.append(GuardFlag("done_after_failure", f"the last {what} (step {last.step}) failed", step=last.step))
    return flags


def _answer_flags(workspace: Workspace, history: SessionHistory, summary: str, files_now: list[str]) -> list[GuardFlag]:
    """NO ANSWER, for a `done` that changed nothing: the summary does not answer what the task asks
    (a number, a call's value, which function of the project); else UNFOUNDED: a number the code
    works out, given with no look at that code (answer_basis.py), where the task quotes no call the
    harness runs itself (ANSWER DIFFERS)."""
    task = history.task
    if said := unanswered(task, summary):
        return [GuardFlag("no_answer", said)]
    kind = asked_name_kind(task)
    python = [rel for rel in files_now if rel.endswith(".py")]
    if kind in ("file", "module"):
        if said := names_none(task, summary, file_names(files_now)):
            return [GuardFlag("no_answer", said)]
    elif kind is not None:
        if said := names_none(task, summary, defined_names(text for _, text in scanned_texts(workspace, python))):
            return [GuardFlag("no_answer", said)]
    elif asks_number(task) and asked_call(task, workspace) is None:
        steps = [(step.action, step.key) for step in history.steps]
        settings = [text for _, text in scanned_texts(workspace, [rel for rel in files_now if rel.endswith(CONFIG_SUFFIXES)])]
        code = dict(scanned_texts(workspace, python))
        if said := unfounded(task, steps, code, summary, settings):
            return [GuardFlag("unfounded", said)]
        if said := option_left_out(task, steps, code):
            return [GuardFlag("left_out", said)]
    return []


def _changed_texts(workspace: Workspace, paths: list[str]) -> list[str]:
    """The heads of the files a session made or changed, where a claimed rename's new name is looked for."""
    return [text for _, text in scanned_texts(workspace, paths)]


def _exists(workspace: Workspace, path: str) -> bool:
    try:
        return workspace.resolve(path).exists()
    except (PathEscape, OSError, ValueError):
        return False  # outside the workspace (or no path at all): not in it


def derived_flags(rules: Iterable[str], suspicious_repairs: Iterable[str]) -> list[GuardFlag]:
    """Flags that restate a risk rule or a parse repair, so every warning shows in one place."""
    flags = []
    if DESTRUCTIVE_REWRITE in rules:
        flags.append(GuardFlag("destructive_rewrite", "the write wipes most of the file"))
    for detail in suspicious_repairs:
        flags.append(GuardFlag("suspicious_repair", detail))
    return flags
