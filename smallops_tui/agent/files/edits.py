"""What an edit action would make of a file: before, after, the diff and the exact bytes to
write — computed, not applied.

The same preview feeds the risk rules, the guards, the diff pane and the executor, so what the
person approves is exactly what gets written: the executor writes `data`, and only onto the file
`fingerprint` was taken of. Files are edited as bytes: the encoding (UTF-8, or Latin-1 byte for
byte when the file is not UTF-8), the line endings (LF or CRLF) and a missing final newline are
kept; what cannot be kept is refused with a sentence.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..reply.actions import EDIT_TYPES, Action, InsertLines, ReplaceLines, ReplaceText, WriteFile
from .diffs import FileDiff, diff_texts
from .linediff import split_lines
from .stamps import Fingerprint
from .text import FileText, decode_file
from .workspace import PathEscape, Workspace, WorkspaceError


class EditError(ValueError):
    """The edit cannot be applied as written (bad line range, missing file, ...)."""


@dataclass(frozen=True)
class EditPreview:
    path: str  # relative to the workspace root
    before: str | None  # None: the file does not exist yet
    after: str
    diff: FileDiff
    data: bytes = b""  # exactly what the executor writes
    fingerprint: Fingerprint = Fingerprint(False)  # the file this preview was computed from
    encoding: str = "utf-8"

    @property
    def is_new_file(self) -> bool:
        return self.before is None

    @property
    def no_op(self) -> bool:
        return self.before == self.after  # decoding is lossless, so equal text is equal bytes


def _with_newline(text: str) -> str:
    return text if not text or text.endswith("\n") else text + "\n"


def _line_breaks_as(text: str, newline: str) -> str:
    """`text` with each of its line breaks written as the file writes them."""
    if not newline:
        return text
    text = text.replace("\r\n", "\n")
    return text.replace("\n", newline) if newline != "\n" else text


def _drop_final_newline(text: str) -> str:
    return text[:-2] if text.endswith("\r\n") else text[:-1] if text.endswith("\n") else text


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def apply_line_edit(action: ReplaceLines | InsertLines, before: str, newline: str = "") -> str:
    """The text after a line edit; EditError with a plain sentence if the range is wrong.

    The new lines take the file's line ending (`newline`, when it has one kind), and a file
    without a final newline keeps having none."""
    lines = split_lines(before)
    count = len(lines)
    ends_open = bool(lines) and not lines[-1].endswith("\n")
    # Inserting "" means inserting one empty line (what else could it mean?): a small model asked for
    # a blank line writes exactly that. Replacing lines with "" deletes them.
    content = "\n" if isinstance(action, InsertLines) and action.content == "" else action.content
    block = _line_breaks_as(_with_newline(content), newline or "\n")
    if isinstance(action, ReplaceLines):
        if action.start > action.end:
            raise EditError(f"start ({action.start}) is after end ({action.end})")
        if action.end > count:
            raise EditError(f"lines {action.start}-{action.end} do not exist: {action.path} has {_count(count, 'line')}")
        if ends_open and action.end == count:
            block = _drop_final_newline(block)
        result = lines[: action.start - 1] + split_lines(block) + lines[action.end:]
        if ends_open and action.end == count and not block and result:
            result[-1] = _drop_final_newline(result[-1])  # the new last line is the last one still
    else:
        if action.after > count:
            raise EditError(f"cannot insert after line {action.after}: {action.path} has {_count(count, 'line')}")
        head = lines[: action.after]
        if ends_open and action.after == count and head:
            # Inserting after a last line that has no newline: it gets one, the new block loses its.
            head[-1] += newline or "\n"
            block = _drop_final_newline(block)
        result = head + split_lines(block) + lines[action.after:]
    return "".join(result)


def apply_text_edit(action: ReplaceText, before: str, newline: str = "") -> str:
    """The text after replacing the one place `old` occurs; EditError with a plain sentence when it
    occurs nowhere or more than once (the model then knows what to send instead)."""
    if action.old == "":
        raise EditError("old is empty: replace_text needs the exact text to replace")
    old, new = _line_breaks_as(action.old, newline), _line_breaks_as(action.new, newline)
    count = before.count(old)
    if count == 1:
        return before.replace(old, new, 1)
    shown = action.old if len(action.old) <= 80 else action.old[:77] + "..."
    if count == 0:
        near = " (it does with other spaces or line breaks: copy the text exactly)" \
            if _squeezed(action.old) and _squeezed(action.old) in _squeezed(before) else ""
        raise EditError(f"the text {shown!r} does not occur in {action.path}{near}; read the file and copy the exact "
                        "text to replace")
    raise EditError(f"the text {shown!r} occurs {count} times in {action.path}; include more of the lines around it "
                    "so that it names one place")


def _squeezed(text: str) -> str:
    return " ".join(text.split())


def encode_for(text: str, encoding: str, rel: str) -> bytes:
    """The bytes of `text` in the file's encoding; EditError naming what cannot be written."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        bad = text[exc.start]
        name = unicodedata.name(bad, "a lone surrogate, not a character" if 0xD800 <= ord(bad) <= 0xDFFF else "")
        what = f"U+{ord(bad):04X}" + (f" ({name})" if name else "")
        if encoding == "latin-1":
            raise EditError(f"{rel} is not UTF-8 (it is kept byte for byte as Latin-1) and the new content has "
                            f"{what}, which Latin-1 cannot hold; the file was not changed") from None
        raise EditError(f"the new content of {rel} has {what}, which cannot be written as {encoding}") from None


def preview_edit(action: Action, workspace: Workspace) -> EditPreview:
    """Before/after/diff/bytes of an edit action. Raises PathEscape or EditError."""
    if not isinstance(action, EDIT_TYPES):
        raise TypeError(f"{action.action} is not an edit")
    target = workspace.resolve(action.path)
    rel = workspace.relative(action.path)
    try:
        workspace.check_writable(target)
        data, fingerprint, _ = workspace.current(action.path)
    except WorkspaceError as exc:
        raise EditError(str(exc)) from None
    original: FileText | None = decode_file(data) if data is not None else None
    encoding = original.encoding if original is not None else "utf-8"
    if isinstance(action, WriteFile):
        after = _line_breaks_as(action.content, original.newline) if original is not None else action.content
    else:
        if original is None:
            raise EditError(f"{rel} does not exist; {action.action} only edits an existing file")
        if original.binary:
            raise EditError(f"{rel} holds NUL bytes (a binary file); {action.action} does not edit binary files")
        after = apply_text_edit(action, original.text, original.newline) if isinstance(action, ReplaceText) \
            else apply_line_edit(action, original.text, original.newline)
    before = original.text if original is not None else None
    payload = encode_for(after, encoding, rel)
    return EditPreview(rel, before, after, diff_texts(before, after, rel), payload, fingerprint, encoding)


def try_preview(action: Action, workspace: Workspace) -> tuple[EditPreview | None, str | None]:
    """(preview, None) for a valid edit; (None, reason) for one that cannot be applied."""
    try:
        return preview_edit(action, workspace), None
    except (PathEscape, EditError) as exc:
        return None, str(exc)
