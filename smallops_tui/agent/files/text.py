"""A file's bytes as text, losslessly: UTF-8 when the bytes are valid UTF-8, else Latin-1 (one
character per byte), so what is written back is byte for byte what was read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FileText:
    """A file's bytes and the text they decode to, losslessly: UTF-8 when the bytes are valid
    UTF-8, else Latin-1 (one character per byte, so every byte comes back as it was)."""

    data: bytes
    text: str
    encoding: str  # "utf-8" or "latin-1"

    @property
    def binary(self) -> bool:
        return b"\x00" in self.data

    @property
    def newline(self) -> str:
        """The file's line ending, when it has exactly one kind: "\r\n" or "\n"; else ""."""
        lf = self.data.count(b"\n")
        if not lf:
            return ""
        crlf = self.data.count(b"\r\n")
        return "\r\n" if crlf == lf else "\n" if crlf == 0 else ""


def decode_file(data: bytes) -> FileText:
    try:
        return FileText(data, data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        return FileText(data, data.decode("latin-1"), "latin-1")


def decode(data: bytes) -> str:
    return decode_file(data).text
