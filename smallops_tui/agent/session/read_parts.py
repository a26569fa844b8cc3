"""The part of a file a read left out, sent by the next read of it.

A read of a file longer than the feedback limit sends its head and its tail, the middle cut
(prompts.clipped). The model had no way to see that middle: `read_file` takes no line range, and
a second read of the unchanged file was answered "you have already read it" (the `fresh` lever).
In idna 3.21's source, a new user's session wanted core.py's middle (33 KB) and could only guess
at it. So a read of a file whose last read was cut sends the next lines it left out, as many as
the limit allows, and says which; once every line was sent, a read is a read again (and `fresh`
answers it as seen).

Only the text's lines are kept track of, by the text's digest: a file that changed since is read
whole again.
"""

from __future__ import annotations

import hashlib
import posixpath
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Unsent:
    """Lines `first` to `last` (from 1) of a text whose digest is `digest` were not sent yet."""

    digest: bytes
    first: int
    last: int
    total: int


@dataclass(frozen=True)
class Part:
    """The lines a read sends of what an earlier read left out."""

    text: str
    first: int
    last: int
    total: int
    left_to: int  # the last line still left out after these (`last` when none is)

    @property
    def more(self) -> bool:
        return self.left_to > self.last

    def heading(self, path: str) -> str:
        later = (f"; lines {self.last + 1:,}–{self.left_to:,}, still left out, come with the next read of it"
                 if self.more else "; with these you have seen every line of it")
        return (f"Contents of {path}, lines {self.first:,}–{self.last:,} of {self.total:,}: the part your earlier "
                f"read of it left out{later}:\n")


def left_out_note(first: int, last: int) -> str:
    """What a cut read tells the model beside the file's size: which lines it was not sent, and how
    to be sent them. Told only "[... 27,714 characters omitted ...]", a new user's session in
    packaging's source never read specifiers.py again for the function the task named, at line 467
    of the cut, and answered from a test file instead."""
    return f"lines {first:,}–{last:,} are left out here: read_file it again to be sent them"


def _key(path: str) -> str:
    """A path as the levers name it: `./a.py` and `a.py` are one file."""
    return posixpath.normpath(path.strip() or ".")


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


@dataclass
class ReadParts:
    """For each path whose read was cut: the lines the model has not been sent yet."""

    unsent: dict[str, Unsent] = field(default_factory=dict)

    def cut(self, path: str, text: str, first: int, last: int, total: int) -> None:
        """A read of `path` sent all of `text` but lines `first` to `last`."""
        if first <= last:
            self.unsent[_key(path)] = Unsent(_digest(text), first, last, total)
        else:
            self.unsent.pop(_key(path), None)

    def read_whole(self, path: str) -> None:
        self.unsent.pop(_key(path), None)

    def has_unsent(self, path: str) -> bool:
        return _key(path) in self.unsent

    def next_part(self, path: str, text: str, limit: int) -> Part | None:
        """The next lines left out of `text` (at most `limit` characters, whole lines but a first
        line longer than that), or None when none are left out or the text changed since."""
        path = _key(path)
        unsent = self.unsent.get(path)
        if unsent is None:
            return None
        if unsent.digest != _digest(text):
            del self.unsent[path]
            return None
        lines = text.splitlines(keepends=True)
        last_unsent = min(unsent.last, len(lines))
        taken: list[str] = []
        size = 0
        line = unsent.first
        while line <= last_unsent:
            piece = lines[line - 1]
            if taken and size + len(piece) > limit:
                break
            taken.append(piece[:limit] if not taken else piece)
            size += len(taken[-1])
            line += 1
        if not taken:
            del self.unsent[path]
            return None
        sent_to = line - 1
        if sent_to < last_unsent:
            self.unsent[path] = Unsent(unsent.digest, sent_to + 1, last_unsent, unsent.total)
        else:
            del self.unsent[path]
        return Part("".join(taken), unsent.first, sent_to, unsent.total, max(sent_to, last_unsent))
