"""A proposal as the protocol shows it: a tool call whose title names the action and whose
content carries the risk level, the rule ids and reasons, the guard flags, and the diff (ACP's
diff content, with the file's text before and after). Pure functions over the core's values.

Everything here reaches a screen that smallops does not draw, so text that came from the model,
a file or a command goes through `visible()`: an escape sequence or a bidi override is shown as
an escape, never acted on or hidden. The same facts go in `_meta.smallops` as data, for a client
(or a test) that reads them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, assert_never

from acp.helpers import text_block, tool_content, tool_diff_content
from acp.schema import (
    ContentToolCallContent,
    FileEditToolCallContent,
    TerminalToolCallContent,
    ToolCallLocation,
    ToolKind,
)

from ..agent.files.visible import visible
from ..agent.reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand, kind_named
from ..agent.session.decisions import Proposal

Content = ContentToolCallContent | FileEditToolCallContent | TerminalToolCallContent

TITLE_CHARS = 120


def one_line(text: str, limit: int = TITLE_CHARS) -> str:
    """`text` on one line, visible, cut to `limit` characters."""
    flat = " ".join(visible(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def title_of(action: Action) -> str:
    """The action named as the model wrote it: `write_file calc.py`, `run_command: rm -rf build`."""
    return one_line(action.title())


def tool_kind_of(name: str | None) -> ToolKind:
    """What a logged action of that name does, in ACP's words (its kind's `tool_kind`)."""
    kind = kind_named(name)
    return kind.tool_kind if kind is not None else "other"


def title_of_logged(action: dict[str, Any]) -> str:
    """`title_of` a logged action; one that is no valid action of its kind is named by its fields."""
    kind = kind_named(action.get("action"))
    if kind is not None:
        try:
            return one_line(kind.model_validate(action).title())
        except ValueError:
            pass
    target = action.get("path") or action.get("command") or action.get("summary") or ""
    return one_line(f"{action.get('action', '')} {target}")


def risk_text(proposal: Proposal) -> str:
    """The risk as the proposal pane says it: level, rule ids, one reason a line, then the flags."""
    verdict = proposal.verdict
    lines = []
    if verdict is not None:
        head = f"Risk: {verdict.level}"
        if verdict.rules:
            head += f" (rules: {', '.join(verdict.rules)})"
        lines.append(head)
        lines += [f"- {visible(reason)}" for reason in verdict.reasons]
        if verdict.refused:
            lines.append("REFUSED: smallops will not run this, whatever is answered; the model is told why")
    if proposal.is_high and not proposal.refused:
        lines.append("HIGH risk: allowing it asks a second time before it runs")
    lines += [f"⚑ {flag.label}: {visible(flag.message)}" for flag in proposal.flags]
    lines += [f"repaired: {visible(repair.detail)}" for repair in proposal.repairs if repair.suspicious]
    if proposal.note:
        lines.append(visible(proposal.note))
    if proposal.preview_error:
        lines.append(f"cannot be applied as written: {visible(proposal.preview_error)}")
    return "\n".join(lines)


def proposal_content(proposal: Proposal, root: Path) -> list[Content]:
    """What the permission request shows: the risk, then the diff, the command or the claim."""
    action = proposal.action
    content: list[Content] = [tool_content(text_block(risk_text(proposal)))]
    preview = proposal.preview
    if preview is not None:
        before = visible(preview.before) if preview.before is not None else None
        content.append(tool_diff_content(str(root / preview.path), visible(preview.after), before))
        return content
    match action:
        case RunCommand():
            command = f"$ {visible(action.command)}\n(runs in {root}, in smallops's sandbox)"
            content.append(tool_content(text_block(command)))
        case Done():
            content.append(tool_content(text_block(f"The model says it is done: {visible(action.summary)}\n\n"
                                                   + fenced(proposal.net_diff, "diff"))))
        case ReadFile() | ListDir() | EditAction() | None:
            pass  # the title names the path; an edit that cannot be applied says why in the risk text
        case _:
            assert_never(action)
    return content


def locations_of(action: Action | None, root: Path) -> list[ToolCallLocation] | None:
    path = action.target_path if action is not None else None
    return [ToolCallLocation(path=str(root / path))] if path is not None else None


def facts(proposal: Proposal) -> dict[str, Any]:
    """The proposal's risk and flags as data (`_meta.smallops`)."""
    verdict = proposal.verdict
    return {"smallops": {
        "step": proposal.step,
        "risk": verdict.level if verdict else None,
        "rules": list(verdict.rules) if verdict else [],
        "reasons": list(verdict.reasons) if verdict else [],
        "refused": proposal.refused,
        "flags": [{"kind": flag.kind, "message": flag.message} for flag in proposal.flags],
        "failure": {"kind": proposal.failure.kind, "message": proposal.failure.message} if proposal.failure else None,
    }}


def failure_content(proposal: Proposal) -> list[Content]:
    """A reply that is no usable action: what is wrong with it, and the reply itself."""
    assert proposal.failure is not None
    return [tool_content(text_block(f"The reply is not a usable action ({proposal.failure.kind}): "
                                    f"{visible(proposal.failure.message)}\n\n{visible(proposal.raw)}"))]


def fenced(text: str, language: str = "") -> str:
    """`text` in a Markdown code fence longer than any run of backticks inside it, so a command's
    output cannot close the fence and turn the rest into markup."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{visible(text)}\n{fence}"


def outcome_content(summary: str, output: str | None, diff: str | None) -> list[Content]:
    """What came of an approved action: its summary, a command's output, an edit's applied diff."""
    parts = [visible(summary)]
    if output:
        parts.append(fenced(output))
    if diff:
        parts.append(fenced(diff, "diff"))
    return [tool_content(text_block("\n\n".join(parts)))]
