"""The project's files as the first message lists them: all of them when they fit, otherwise a
listing ranked for the task under a bound of lines and characters.

Ranked: the files the task names and their neighbours first, then the top level (its files, and
each folder as one line with its count), then folders opened whole while they fit, smallest first
(a folder of three files says more per line than one of two hundred). A folder that is not opened
stays one line, `- tests/ (128 files)`, so nothing is hidden without saying so, and the last line
says what was left out and how to see it. Before, the first 40 files in walk order were listed: in
a clone of this repository all 40 were `benchmarks/results/…`, and the model listed that folder.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

TREE_LIMIT = 40  # lines of files and folders
TREE_CHARS = 2400  # and characters (about 700 tokens)
NAMED_LIMIT = 8  # files the task names, shown wherever they are
NEIGHBOURS = 4  # files shown beside each named one


@dataclass
class _Folder:
    path: str  # "." for the top
    files: list[str] = field(default_factory=list)  # direct files, full relative paths
    folders: list[str] = field(default_factory=list)  # direct subfolders' paths
    total: int = 0  # files under it, at any depth


def _folders(files: list[str]) -> dict[str, _Folder]:
    folders: dict[str, _Folder] = {".": _Folder(".")}
    for rel in files:
        parent = posixpath.dirname(rel) or "."
        chain = []
        while parent not in folders:
            folders[parent] = _Folder(parent)
            chain.append(parent)
            parent = posixpath.dirname(parent) or "."
        for made in chain:
            up = posixpath.dirname(made) or "."
            folders[up].folders.append(made)
        folder = folders[posixpath.dirname(rel) or "."]
        folder.files.append(rel)
        while True:
            folder.total += 1
            if folder.path == ".":
                break
            folder = folders[posixpath.dirname(folder.path) or "."]
    for folder in folders.values():
        folder.folders.sort()
    return folders


def named_by(task: str, rel: str) -> bool:
    """Whether the task names this file, by its path or its own name (as a word, not inside another)."""
    name = posixpath.basename(rel)
    if name not in task:  # both spellings end with the name: most files of a big tree stop here, uncompiled
        return False
    pattern = rf"(?<![\w.-]){re.escape(rel)}(?![\w-])|(?<![\w./-]){re.escape(name)}(?![\w-])"
    return re.search(pattern, task) is not None


def _plural(n: int) -> str:
    return f"{n} file{'s' if n != 1 else ''}"


class _Listing:
    def __init__(self, files: list[str], task: str) -> None:
        self.folders = _folders(files)
        self.opened: set[str] = {"."}
        self.picked: set[str] = set()  # files shown in a folder that is not opened
        named = [f for f in files if named_by(task, f)][:NAMED_LIMIT]
        for rel in named:
            siblings = self.folders[posixpath.dirname(rel) or "."].files
            at = siblings.index(rel)
            self.picked.update(siblings[max(0, at - NEIGHBOURS // 2): at + NEIGHBOURS // 2 + 1])

    def _visible(self, path: str) -> bool:
        """Whether a folder shows more than one line: it is opened, or holds a picked file or an opened folder."""
        inside = path + "/"
        return path in self.opened or any(p.startswith(inside) for p in self.picked) or \
            any(o.startswith(inside) for o in self.opened)

    def lines(self, path: str = ".") -> list[str]:
        """The folder's lines: every file under it is shown or counted in exactly one line."""
        folder = self.folders[path]
        opened = path in self.opened
        out = [f"- {f}" for f in folder.files if opened or f in self.picked]
        shown = len(out)
        for sub in folder.folders:
            if self._visible(sub):
                out += self.lines(sub)
                shown += self.folders[sub].total
            elif opened:
                out.append(f"- {sub}/ ({_plural(self.folders[sub].total)})")
                shown += self.folders[sub].total
        if shown < folder.total:  # a folder shown only for a named file: the rest in one line
            more = folder.total - shown
            out.append(f"- {path}/ (… {more} more file{'s' if more != 1 else ''})")
        return out

    def fits(self, limit: int, chars: int) -> bool:
        lines = self.lines()
        return len(lines) <= limit and sum(len(line) + 1 for line in lines) <= chars

    def open_what_fits(self, limit: int, chars: int) -> None:
        """Open folders breadth first, the smallest of each depth first, while the listing fits."""
        level = sorted(self.folders["."].folders, key=lambda p: (self.folders[p].total, p))
        while level:
            following: list[str] = []
            for path in level:
                self.opened.add(path)
                if not self.fits(limit, chars):
                    self.opened.discard(path)
                    continue
                following += self.folders[path].folders
            level = sorted(following, key=lambda p: (self.folders[p].total, p))


def ranked_listing(files: list[str], task: str, limit: int = TREE_LIMIT, chars: int = TREE_CHARS) -> list[str]:
    """The lines of the listing (see the module's docstring); every file when they all fit."""
    plain = [f"- {f}" for f in files]
    if len(plain) <= limit and sum(len(line) + 1 for line in plain) <= chars:
        return plain
    listing = _Listing(files, task)
    if not listing.fits(limit, chars):  # even the top level does not fit: its first files, and a count
        top = listing.folders["."]
        entries = [f"- {f}" for f in top.files] + [f"- {sub}/ ({_plural(listing.folders[sub].total)})"
                                                     for sub in top.folders]
        kept: list[str] = []
        for line in entries:
            if len(kept) >= limit or sum(len(k) + 1 for k in kept) + len(line) + 1 > chars:
                break
            kept.append(line)
        hidden = len(files) - sum(1 for line in kept if not line.endswith(")"))
        covered = sum(listing.folders[sub].total for sub in top.folders if f"- {sub}/ ({_plural(listing.folders[sub].total)})" in kept)
        if hidden - covered > 0:
            kept.append(f"- … and {hidden - covered} more files")
        return kept
    listing.open_what_fits(limit, chars)
    return listing.lines()
