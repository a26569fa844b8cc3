"""What a client sends, checked before anything is set up: the workspace (`session/new`'s cwd)
and the task (`session/prompt`'s content blocks). Each refusal is a sentence (`InputRefused`) the
client gets as a JSON-RPC error.

A workspace is where the model reads, writes and runs commands, so it must be a real project
directory: an absolute path that exists and is a directory, not the filesystem root, not a system
directory (/etc, /usr and the like, or anything inside them), not the person's home or a folder
that contains it, and not one that holds smallops's own settings or logs.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from acp.schema import ResourceContentBlock, TextContentBlock

from ..agent.files.visible import visible
from ..agent.files.workspace import Workspace, WorkspaceError
from ..paths import own_dirs_inside

MAX_TASK_CHARS = 100_000  # a task is a few sentences; a pasted file belongs in the workspace
# The system's own trees: nothing inside them is a project. Shared roots (/var, /opt, /tmp, /home...)
# hold projects, but are not one themselves.
SYSTEM_TREES = ("/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/boot", "/dev", "/proc",
                "/sys", "/run", "/snap", "/var/lib", "/var/log", "/var/cache", "/var/spool")
SHARED_ROOTS = ("/var", "/opt", "/srv", "/tmp", "/var/tmp", "/mnt", "/media", "/home", "/root", "/Users", "/Volumes")


def system_directory(path: Path) -> str | None:
    """Why `path` (resolved) is the system's, not a project, or None."""
    text = path.as_posix()
    tree = next((t for t in SYSTEM_TREES if text == t or text.startswith(t + "/")), None)
    if tree is not None:
        return f"is a system directory ({tree} and everything in it belong to the system)"
    if text in SHARED_ROOTS:
        return "is a directory that holds projects, not a project"
    return None


class InputRefused(ValueError):
    """A client's input smallops will not take; the message says why and what to do."""


def _shown(value: object) -> str:
    return visible(repr(value))[:200]


def choose_workspace(cwd: object) -> Workspace:
    """The workspace for a session's `cwd`, or InputRefused."""
    if not isinstance(cwd, str) or not cwd.strip():
        raise InputRefused(f"cwd must be the absolute path of a project directory, not {_shown(cwd)}")
    if "\x00" in cwd:
        raise InputRefused("cwd contains a NUL byte; it cannot be a path")
    path = Path(cwd)
    if not path.is_absolute():
        raise InputRefused(f"cwd {_shown(cwd)} is not an absolute path (the protocol asks for one)")
    try:
        resolved = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise InputRefused(f"cwd {_shown(cwd)} does not exist; open a project directory that does") from None
    if not resolved.is_dir():
        raise InputRefused(f"cwd {_shown(cwd)} is not a directory")
    home = Path(os.path.realpath(Path.home()))
    if resolved == Path(resolved.anchor):
        raise InputRefused(f"cwd {_shown(cwd)} is the filesystem root; the model works in one project directory")
    if why := system_directory(resolved):
        raise InputRefused(f"cwd {_shown(cwd)} {why}; the model reads, writes and runs commands in its workspace: "
                           "open a project folder instead")
    if resolved == home:
        raise InputRefused(f"cwd {_shown(cwd)} is your home directory; smallops works in one project directory, "
                           "where the model can read and change everything: open a project folder instead")
    if resolved in home.parents:
        raise InputRefused(f"cwd {_shown(cwd)} contains your home directory; open a project folder instead")
    if holds := own_dirs_inside(resolved):
        raise InputRefused(f"cwd {_shown(cwd)} contains smallops's own {holds}; a command the model runs there could "
                           "change them: open a project folder instead")
    try:
        return Workspace(resolved)
    except WorkspaceError as exc:
        raise InputRefused(str(exc)) from None


def _link_text(uri: str, root: Path) -> str:
    """A link to a file as the model should read it: a workspace-relative path where it is one."""
    parsed = urlparse(uri)
    if parsed.scheme == "file":
        path = Path(unquote(parsed.path))
        try:
            return f"(see {path.resolve().relative_to(root)})"
        except (ValueError, OSError):
            return f"(a file outside the workspace, which you cannot read: {uri})"
    return f"(see {uri})"


def task_from(blocks: list[object], root: Path) -> str:
    """The task a prompt asks for: its text, with links to files as workspace paths; InputRefused
    for content smallops did not announce it takes (images, audio, embedded resources)."""
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, TextContentBlock):
            parts.append(block.text)
        elif isinstance(block, ResourceContentBlock):
            parts.append(_link_text(block.uri, root))
        else:
            kind = getattr(block, "type", type(block).__name__)
            raise InputRefused(f"smallops takes text and links to files in a prompt, not {_shown(kind)} content "
                               "(initialize's promptCapabilities say so)")
    task = "\n".join(parts).strip()
    if not task:
        raise InputRefused("the prompt has no text: say what the model should do")
    if len(task) > MAX_TASK_CHARS:
        raise InputRefused(f"the prompt is {len(task):,} characters; keep a task under {MAX_TASK_CHARS:,} (put long "
                           "material in a file in the workspace and point the model to it)")
    return task
