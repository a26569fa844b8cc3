"""The editor's own copy of the files (an ACP client that offers `fs`): a file open there may hold
text not saved yet, and that text is what the person means. A workspace given `EditorFiles` reads
through it what the model reads and what an edit is previewed against (and checked against again
before it is written), and writes an approved edit through it, exactly the bytes the preview made.
Listing, stamping, recording and commands stay on the disk.
"""

from __future__ import annotations

from typing import Protocol


class EditorFiles(Protocol):
    def read(self, rel: str) -> str | None:
        """The editor's text of a file that exists on disk (saved or not); None: read the disk."""

    def write(self, rel: str, text: str) -> bool:
        """Write `text` through the editor: True when it did; False: write the disk as usual.
        WorkspaceError, with a sentence, when the editor was asked and refused."""


def written_through(editor: EditorFiles, rel: str, data: bytes) -> bool:
    """Whether the editor wrote `data` (text only: other bytes go to the disk as they are)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return editor.write(rel, text)


def editor_bytes(text: str, disk: bytes) -> bytes | None:
    """The editor's text as the file's bytes, when it is the person's own (unsaved) text; None when
    the disk's bytes say the same or more: a file that is not UTF-8 on disk (an editor decodes it
    with losses), or the same text the editor read with its line endings translated."""
    try:
        on_disk = disk.decode("utf-8")
        data = text.encode("utf-8")
    except UnicodeError:  # not UTF-8 on disk, or a lone surrogate from the editor
        return None
    if text == on_disk or ("\r" in on_disk and text == on_disk.replace("\r\n", "\n")):
        return None
    return data
