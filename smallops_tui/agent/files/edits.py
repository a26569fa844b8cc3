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

from ..reply.kinds import Action, EditAction, EditError
from .diffs import FileDiff, diff_texts
from .stamps import Fingerprint
from .text import FileText, decode_file
from .workspace import PathEscape, Workspace, WorkspaceError

__all__ = ["EditError", "EditPreview", "encode_for", "preview_edit", "try_preview"]  # EditError: the kinds' own


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
    """Before/after/diff/bytes of an edit action (its kind says what becomes of the text). Raises
    PathEscape or EditError."""
    if not isinstance(action, EditAction):
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
    if not action.creates:
        if original is None:
            raise EditError(f"{rel} does not exist; {action.action} only edits an existing file")
        if original.binary:
            raise EditError(f"{rel} holds NUL bytes (a binary file); {action.action} does not edit binary files")
    after = action.edited(original.text, original.newline) if original is not None else action.edited("", "")
    before = original.text if original is not None else None
    payload = encode_for(after, encoding, rel)
    return EditPreview(rel, before, after, diff_texts(before, after, rel), payload, fingerprint, encoding)


def try_preview(action: Action, workspace: Workspace) -> tuple[EditPreview | None, str | None]:
    """(preview, None) for a valid edit; (None, reason) for one that cannot be applied."""
    try:
        return preview_edit(action, workspace), None
    except (PathEscape, EditError) as exc:
        return None, str(exc)
