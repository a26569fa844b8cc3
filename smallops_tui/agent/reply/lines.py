"""Lines of text as edits see them: split keeping their endings, and new text written with the
file's line ending (the edit kinds' shared arithmetic)."""

from __future__ import annotations


def split_lines(text: str) -> list[str]:
    """Lines with their endings ("\r\n" stays part of its line). Only "\n" ends a line: form
    feeds, NEL and the Unicode separators are characters in a line, as in the file's bytes."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
        return [line + "\n" for line in lines]
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def with_newline(text: str) -> str:
    return text if not text or text.endswith("\n") else text + "\n"


def line_breaks_as(text: str, newline: str) -> str:
    """`text` with each of its line breaks written as the file writes them."""
    if not newline:
        return text
    text = text.replace("\r\n", "\n")
    return text.replace("\n", newline) if newline != "\n" else text


def drop_final_newline(text: str) -> str:
    return text[:-2] if text.endswith("\r\n") else text[:-1] if text.endswith("\n") else text


def count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"
