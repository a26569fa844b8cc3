"""The project's files as a person means them: the workspace's files without what git would not
show for a change (each `.gitignore`'s patterns, at its own level), virtual environments, tool
caches and build output. This is what the model is told exists; the workspace's own walk (undo,
snapshots, the grammar's names) still sees every file.

Bounded on any tree: a `.gitignore` is read only when it is a regular file under IGNORE_FILE_BYTES
(a FIFO or a device named `.gitignore` is skipped, never opened for a blocking read), and the walk
stops at MAX_SNAPSHOT_FILES files.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass, field

import pathspec

from .scanned import text_head
from .tree import walk_tree
from .workspace import MAX_SNAPSHOT_FILES, SKIPPED_DIRS, Workspace, _is_temp_name

IGNORE_FILE_BYTES = 64_000
# Output wherever it is: these names are never a project's sources.
GENERATED_DIRS = frozenset({".eggs", "htmlcov", "__pypackages__", ".nox", ".coverage_html", ".next", ".gradle"})
GENERATED_SUFFIXES = (".egg-info",)
# Output at the top of a project (a `build/` deeper down may be a package of that name).
TOP_OUTPUT_DIRS = frozenset({"build", "dist", "site", "target", "_build"})
VERSION_CONTROL = frozenset({".git", ".hg", ".svn"})
SHOWN_LEFT_OUT = 6  # folders named in the line that says what was left out


@dataclass
class ProjectFiles:
    files: list[str] = field(default_factory=list)  # relative POSIX paths, in walk order (a folder's files, then its folders)
    left_out: list[str] = field(default_factory=list)  # folders skipped as ignored, tool or generated (relative, with "/")
    ignored_files: int = 0  # single files skipped by a .gitignore
    capped: bool = False  # the walk stopped at MAX_SNAPSHOT_FILES

    def left_out_line(self) -> str:
        """One line saying what the listing leaves out, or "" when nothing was."""
        parts = []
        if self.left_out:
            names = ", ".join(self.left_out[:SHOWN_LEFT_OUT])
            more = f" and {len(self.left_out) - SHOWN_LEFT_OUT} more" if len(self.left_out) > SHOWN_LEFT_OUT else ""
            parts.append(f"folders {names}{more}")
        if self.ignored_files:
            parts.append(f"{self.ignored_files} ignored file{'s' if self.ignored_files != 1 else ''}")
        if self.capped:
            parts.append(f"everything past the first {MAX_SNAPSHOT_FILES:,} files")
        return f"Not listed (ignored, tool or generated): {'; '.join(parts)}." if parts else ""


def _ignore_spec(workspace: Workspace, rel_dir: str) -> pathspec.GitIgnoreSpec | None:
    rel = posixpath.join(rel_dir, ".gitignore") if rel_dir != "." else ".gitignore"
    text = text_head(workspace, rel, IGNORE_FILE_BYTES)
    if text is None:
        return None
    lines = text.splitlines()
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except (ValueError, TypeError):  # a pattern pathspec cannot read: the file says nothing, as git skips it
        return None


def _generated(rel: str, name: str, absolute: str) -> bool:
    if name in SKIPPED_DIRS or name in GENERATED_DIRS or name.endswith(GENERATED_SUFFIXES):
        return True
    if "/" not in rel and name in TOP_OUTPUT_DIRS:
        return True
    return os.path.isfile(os.path.join(absolute, name, "pyvenv.cfg"))  # a virtual environment, whatever its name


def project_files(workspace: Workspace, gitignore: bool = True) -> ProjectFiles:
    """The project's files (see the module's docstring); without `gitignore`, those its `.gitignore`
    files leave out too (the files a test may read, whatever git tracks)."""
    found = ProjectFiles()
    root = os.fspath(workspace.root)
    specs: dict[str, list[tuple[str, pathspec.GitIgnoreSpec]]] = {}
    for dirpath, dirnames, filenames in walk_tree(root):
        rel_dir = posixpath.normpath(os.path.relpath(dirpath, root).replace(os.sep, "/"))
        inherited = specs.get(rel_dir, [])
        own = _ignore_spec(workspace, rel_dir) if gitignore and ".gitignore" in filenames else None
        active = inherited + ([(rel_dir, own)] if own is not None else [])

        def ignored(rel: str, is_dir: bool, active: list[tuple[str, pathspec.GitIgnoreSpec]] = active) -> bool:
            for base, spec in active:
                inside = rel if base == "." else rel[len(base) + 1:]
                if spec.match_file(inside + ("/" if is_dir else "")):
                    return True
            return False

        kept_dirs = []
        for name in sorted(dirnames):
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if _generated(rel, name, dirpath) or ignored(rel, True):
                if name not in VERSION_CONTROL:  # saying so would tell the model nothing
                    found.left_out.append(rel + "/")
            else:
                kept_dirs.append(name)
                specs[rel] = active
        dirnames[:] = kept_dirs
        for name in sorted(filenames):
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if _is_temp_name(name):
                continue  # a write in flight (workspace.py's temp names), as the workspace's own walk skips it
            if ignored(rel, False):
                found.ignored_files += 1
                continue
            found.files.append(rel)
            if len(found.files) >= MAX_SNAPSHOT_FILES:
                found.capped = True
                return found
    return found
