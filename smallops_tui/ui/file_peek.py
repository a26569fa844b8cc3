"""A workspace file shown read-only in the diff pane (picked in the command palette): read through
the workspace, so a path outside it, a link out of it or a special file is refused with a
sentence; drawn literally (control characters, escape sequences and hidden characters made
visible; markup is never parsed) and highlighted by its name. Nothing is written, and the
proposal's own diff comes back with the next step, or from the palette.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.markup import escape

from ..agent.files.visible import visible
from ..agent.files.workspace import PathEscape, Workspace
from .render import highlight_lines, literal

PEEK_LIMIT = 256 * 1024  # bytes shown of a file (the head of a larger one)
DIFF_TITLE = "diff"


def peek_lines(workspace: Workspace, path: str, code_style: str) -> list[Text]:
    """The rows the diff pane shows for `path`: a header saying what this is, then the text.
    PathEscape (outside the workspace, a link out of it) and OSError (WorkspaceError: not a regular
    file, unreadable) pass through."""
    data, size = workspace.read_head(path, PEEK_LIMIT)
    shown = f"the first {PEEK_LIMIT // 1024} KB of {size:,} bytes" if size > len(data) else f"{size:,} bytes"
    header = literal(f"{path}  (read-only, {shown}; the proposal's diff: ctrl+p → \"Show the proposal\")",
                     "bold")
    if b"\0" in data[:8192]:
        return [header, literal("a binary file: not shown", "italic dim")]
    text = data.decode("utf-8", errors="replace")
    endings = "\r\n" in text
    text = text.replace("\r\n", "\n")
    note = [literal("(CRLF line endings, shown as plain line ends)", "italic dim")] if endings else []
    return [header, *note, *highlight_lines(path, text, code_style)]  # (drawn literally: render.py)


def show_file(app: Any, path: str) -> None:
    """Show `path` of the app's workspace in the diff pane, or say why it cannot be shown."""
    panes = app.panes
    if panes is None:
        return
    try:
        lines = peek_lines(app.workspace, path, app.colours()["code-style"])
    except (PathEscape, OSError) as exc:
        app.notify(visible(f"{path} cannot be shown: {exc}"), severity="warning", markup=False)
        return
    panes.diff.show_text(lines)
    panes.diff.border_title = f"file (read-only): {escape(visible(path))}"


def show_proposal(app: Any) -> None:
    """The diff pane back on the step it belongs to."""
    panes = app.panes
    if panes is not None:
        panes.diff.show_text([])
        panes.diff.border_title = DIFF_TITLE
        panes.redraw()
