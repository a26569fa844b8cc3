"""Carrying out an approved action: one executor per shape of action (every edit kind is carried
out by its preview), each returning an `Execution`.

An executor does exactly what was approved (an edit writes the previewed bytes onto the file
the preview was made from, or raises FileChanged) and says what happened twice: a one-line
summary for the person and the fuller text the model is sent.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import assert_never

from . import prompts
from ..reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand
from ..sandbox.runner import run_command
from .context import estimate_tokens
from .read_parts import ReadParts, left_out_note
from .decisions import Proposal
from .script_run import script_note
from ..words import plural
from ..sandbox.confine import Sandbox
from ..risk.workspace_calls import WORKSPACE_CALL
from ..files.workspace import FileChanged, FileTooLarge, PathEscape, Workspace, WorkspaceError


@dataclass(frozen=True)
class Execution:
    """What an executed action did."""

    ok: bool
    summary: str  # for the person
    feedback: str  # for the model
    changed_files: bool = False
    exit_code: int | None = None
    output: str | None = None
    diff: str | None = None  # the diff actually applied
    duration: float | None = None


@dataclass
class ExecutionContext:
    """What executors need from the session."""

    workspace: Workspace
    sandbox: Sandbox
    command_timeout: float
    step: int
    cancel: asyncio.Event  # set to end a running command
    # Why the session is ending, if it is: a command cancelled then was cancelled by that, not the person.
    stop_reason: Callable[[], str | None] = field(default=lambda: None)
    context_window: int | None = None  # the model's, in tokens, when known: a read says what share it takes
    command_env: dict[str, str] = field(default_factory=dict)  # besides the sandbox's own (levers: importable)
    reads: ReadParts | None = None  # what reads of the session left out (read_parts.py)


async def read_file(action: ReadFile, ctx: ExecutionContext) -> Execution:
    summary, text = await asyncio.to_thread(_read_for_model, ctx.workspace, action.path, ctx.context_window,
                                            ctx.reads)
    return Execution(True, summary, text)


# A read that fills this share of the context window says so even when nothing of it was cut.
NOTABLE_SHARE = 0.10


def _read_for_model(workspace: Workspace, path: str, window: int | None = None,
                    reads: ReadParts | None = None) -> tuple[str, str]:
    """(summary, feedback) of a read_file: the whole file, or for one too large to read whole,
    its beginning with its true size and no claimed line count. When the model is not sent all of
    it, the summary says what it was sent, and how much of the context window that takes. With
    `reads`, a file whose last read was cut sends the next lines that read left out instead."""
    try:
        file = workspace.read_file(path)
    except FileTooLarge:
        head, size = workspace.read_head(path, prompts.MAX_FEEDBACK_CHARS)
        if b"\x00" in head:
            return _binary(path, size)
        shown = head[: head.rfind(b"\n") + 1] or head
        text = shown.decode("utf-8", "replace")
        count = plural(text.count("\n"), "line")
        feedback = f"{path} is {size:,} bytes, too large to read whole. Its first {count} (the rest is not shown):\n{text}"
        summary = f"read {path}: {size:,} bytes, too large to read whole; only its first {count} were sent"
        return summary + context_share(feedback, window, always=True), feedback
    content = file.text
    lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
    what = plural(lines, "line") + ("" if file.encoding == "utf-8" else ", not UTF-8: read as Latin-1, byte for byte")
    if file.binary:
        # NUL bytes by the thousand are no use to a model and hide the rest: say what it is.
        return _binary(path, len(content))
    if reads is not None and (part := reads.next_part(path, content, prompts.MAX_FEEDBACK_CHARS)) is not None:
        feedback = part.heading(path) + part.text
        summary = (f"read {path}: lines {part.first:,}–{part.last:,} of {part.total:,}, which an earlier read left out"
                   + (f" (lines {part.last + 1:,}–{part.left_to:,} are still left out)" if part.more else ""))
        return summary + context_share(feedback, window), feedback
    sent, cut = prompts.clipped(content)
    told = what
    if reads is not None and cut is not None:
        # The lines cut through at either end were sent in part: they are sent again, whole.
        reads.cut(path, content, cut.head_lines, cut.tail_from, cut.total_lines)
        told += "; " + left_out_note(cut.head_lines, cut.tail_from)
    elif reads is not None:
        reads.read_whole(path)
    feedback = f"Contents of {path} ({told}):\n{sent}"
    summary = f"read {path}: {what}" + (f"; {cut.describe()}" if cut is not None else "")
    return summary + context_share(feedback, window, always=cut is not None), feedback


def context_share(feedback: str, window: int | None, always: bool = False) -> str:
    """`; about N tokens, P% of the W-token context window` for what a read sends the model: said
    when the read was cut (`always`) or fills NOTABLE_SHARE of the window; '' otherwise."""
    tokens = estimate_tokens([{"role": "user", "content": feedback}])
    share = tokens / window if window else 0.0
    if not always and share < NOTABLE_SHARE:
        return ""
    of_window = f", {share:.0%} of the {window:,}-token context window" if window else ""
    return f"; about {tokens:,} tokens{of_window}"


def _binary(path: str, size: int) -> tuple[str, str]:
    return (f"read {path}: {size:,} bytes of binary data (NUL bytes); not sent",
            f"{path} is {size:,} bytes of binary data (it holds NUL bytes), not text: it is not shown.")


async def list_dir(action: ListDir, ctx: ExecutionContext) -> Execution:
    entries = ctx.workspace.list_dir(action.path)
    return Execution(True, f"listed {action.path}: {plural(len(entries), 'entry', 'entries')}",
                     f"{action.path} contains: {', '.join(entries) if entries else '(nothing)'}")


async def run(action: RunCommand, ctx: ExecutionContext) -> Execution:
    problem = unrunnable(action.command)
    if problem:
        raise WorkspaceError(problem)
    # Started from the session's task, on the event loop's thread, which outlives the command:
    # the wrapper's death signal is tied to the thread that started it.
    result = await run_command(action.command, ctx.workspace.root, timeout=ctx.command_timeout, sandbox=ctx.sandbox,
                               env=ctx.command_env or None, cancel=ctx.cancel)
    stop_reason = ctx.stop_reason()
    by = f"the session ending ({stop_reason})" if stop_reason else "the person"
    summary, text = prompts.command_feedback(result, cancelled_by=by)
    if result.exit_code is not None:
        text += await asyncio.to_thread(script_note, action.command, result.exit_code, result.output, ctx.workspace)
    return Execution(result.ok, summary, text, exit_code=result.exit_code, output=result.output,
                     duration=result.duration)


async def apply_edit(proposal: Proposal, ctx: ExecutionContext) -> Execution:
    preview = proposal.preview
    if preview is None:
        raise WorkspaceError(proposal.preview_error or "the edit cannot be applied")
    if preview.no_op:
        current = await asyncio.to_thread(ctx.workspace.current, preview.path)
        if current[1] != preview.fingerprint:
            raise FileChanged(f"{preview.path} changed on disk after the proposal was made")
        return Execution(True, f"no change: {preview.path} already had exactly this content",
                         f"No change: the content you sent is identical to {preview.path}. The file was not modified.")
    # Exactly the previewed bytes, and only onto the file the preview was made from.
    await asyncio.to_thread(ctx.workspace.write_bytes, preview.path, preview.data, f"step {ctx.step}",
                            preview.fingerprint)
    diff = preview.diff.unified
    return Execution(True, f"wrote {preview.path}: +{preview.diff.added} -{preview.diff.removed}",
                     f"Applied to {preview.path}. The diff actually applied:\n{prompts.clip(diff)}",
                     changed_files=True, diff=diff)


async def execute(proposal: Proposal, ctx: ExecutionContext) -> Execution:
    """Run the approved action. A failure is an Execution that says why (and, for a path, what
    the nearest directory really holds); FileChanged passes: the proposal must be shown again."""
    action = proposal.action
    assert action is not None
    try:
        return await _executor(action, proposal, ctx)
    except FileChanged:
        raise
    except Exception as exc:  # noqa: BLE001 — the boundary: nothing an action does may end the session
        return failed(action, exc, ctx.workspace)


async def _executor(action: Action, proposal: Proposal, ctx: ExecutionContext) -> Execution:
    match action:
        case ReadFile():
            return await read_file(action, ctx)
        case ListDir():
            return await list_dir(action, ctx)
        case EditAction():
            return await apply_edit(proposal, ctx)  # the previewed bytes, whatever the kind
        case RunCommand():
            only_prints = proposal.verdict is not None and WORKSPACE_CALL in proposal.verdict.rules
            return await run(action, replace(ctx, sandbox=ctx.sandbox.read_only_workspace()) if only_prints else ctx)
        case Done():
            raise WorkspaceError("done ends the session; there is nothing to run")
        case _:
            assert_never(action)


def unrunnable(command: str) -> str | None:
    """Why a command cannot be handed to a shell at all, or None."""
    if "\x00" in command:
        return "the command contains a NUL byte, which no shell can take; it was not run"
    try:
        command.encode("utf-8")
    except UnicodeEncodeError:
        return "the command contains a lone surrogate (not valid text), which no shell can take; it was not run"
    return None


def failed(action: Action, exc: Exception, workspace: Workspace) -> Execution:
    # An expected failure is said as itself; anything else is a bug, named by its type.
    known = isinstance(exc, (WorkspaceError, PathEscape, OSError))
    summary = f"{action.action} failed: {exc if known else f'{type(exc).__name__}: {exc}'}"
    text = f"{summary}."
    target = action.target_path
    if target is not None:
        try:
            where, listing = workspace.nearest_listing(target)
            text += f" The directory {where} contains: {', '.join(listing) or '(nothing)'}"
        except (WorkspaceError, PathEscape):
            pass
    return Execution(False, summary, text)
