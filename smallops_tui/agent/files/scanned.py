"""Bounded reading of many workspace files at once, for the checks at `done` that look for a name or
a value across a project: a real tree can hold thousands of files and a data file of gigabytes, so
each check reads at most so many files and the head of each, and a file it cannot read (gone, a
link out of the workspace, not a regular file) is passed over, never raised."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator

from .workspace import PathEscape, Workspace, WorkspaceError

SCANNED_FILES = 400  # files read by one check
SCANNED_BYTES = 200_000  # the head read of each

# A document that records history names an old name rightly ("Renamed BirdRecord to Raptor",
# "Migrating from the legacy module"): changelogs, news, release notes and migration guides.
_HISTORY_DOCUMENT = re.compile(
    r"(?:^|/)(?:change(?:log|s)|history|news|release[-_ ]?notes|migrat\w*)[^/]*$", re.IGNORECASE)


def records_history(rel: str) -> bool:
    """Whether the file at `rel` is a changelog, news file, release notes or migration guide (a
    document: `news_feed.py` is code, and its references are live)."""
    return not rel.endswith((".py", ".pyi")) and _HISTORY_DOCUMENT.search(rel) is not None


def is_readme(rel: str) -> bool:
    """A README of any extension or none (README, README.md, readme.rst, ReadMe.txt)."""
    return posixpath.basename(rel).lower().partition(".")[0] == "readme"


def text_head(workspace: Workspace, rel: str, limit: int = SCANNED_BYTES) -> str | None:
    """The first `limit` bytes of a file as text (undecodable bytes replaced); None when it cannot
    be read as a regular file inside the workspace."""
    try:
        data, _ = workspace.read_head(rel, limit)
    except (OSError, WorkspaceError, PathEscape, ValueError):
        return None
    return data.decode("utf-8", "replace")


def scanned_texts(workspace: Workspace, files: Iterable[str], *, max_files: int = SCANNED_FILES,
                  max_bytes: int = SCANNED_BYTES) -> Iterator[tuple[str, str]]:
    """(path, text) of the first `max_files` of `files` that can be read, each its head."""
    for rel in list(files)[:max_files]:
        text = text_head(workspace, rel, max_bytes)
        if text is not None:
            yield rel, text
