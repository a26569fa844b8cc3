"""Files that make code run later, outside the sandbox and without a prompt.

A write to one of these is HIGH wherever it is in the workspace (the workspace may be a home
directory, or hold one): shell start-up files, git's configuration and control files (a
directory with `HEAD`, `config`, `objects/` and `refs/` is a repository whose `core.fsmonitor`
runs under a plain `git status`), ssh and gpg files, autostart and systemd user units, tool
configurations that name programs, Python start-up hooks, the launchers of virtualenvs and
node_modules, and smallops' own settings and session logs. The tables are data; `runs_later()`
says why a path is one of them, or returns "".
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable
from pathlib import Path

VCS_DIRS = frozenset({".git", ".hg", ".svn"})
# File names that run code (or name programs to run) when a shell, git or a tool starts.
START_UP_NAMES = frozenset({
    ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases", ".profile", ".zshrc", ".zshenv",
    ".zprofile", ".zlogin", ".zlogout", ".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login", ".logout", ".xonshrc",
    ".inputrc", ".xinitrc", ".xsession", ".xsessionrc", ".xprofile", ".envrc", ".pam_environment",
    ".gitconfig", ".gitmodules", ".gitattributes", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pythonrc", ".pythonstartup",
    ".vimrc", ".gvimrc", ".exrc", ".nvimrc", ".emacs", ".tmux.conf", ".screenrc", ".wgetrc", ".curlrc", ".netrc",
    ".mailcap", ".Rprofile", ".irbrc", ".pryrc", ".psqlrc", ".sqliterc", ".my.cnf", ".lesskey", ".pre-commit-config.yaml",
    "sitecustomize.py", "usercustomize.py", "authorized_keys", "authorized_keys2", ".hgrc", "pip.conf",
    # JVM options a build tool reads from the project, even for --version (-XX:OnOutOfMemoryError=CMD
    # runs CMD), and toolchain files that name the compiler to run.
    "gradle.properties", ".jvmopts", ".sbtopts", "rust-toolchain", "rust-toolchain.toml",
})
START_UP_GLOBS = ("*.pth",)  # Python runs `import` lines of .pth files in site-packages at every start
# git's control files: with them any directory is a repository whose configuration runs programs.
GIT_CONTROL_NAMES = frozenset({"HEAD", "config", "config.worktree", "packed-refs", "commondir", "gitdir", "ORIG_HEAD",
                               "FETCH_HEAD"})
# Directories of a repository; writing beneath one counts where its parent has a HEAD or config.
GIT_CONTROL_DIRS = frozenset({"objects", "refs", "hooks", "info", "worktrees", "modules", "logs"})
# Directories (as consecutive path parts, anywhere) whose files run later or hold credentials.
START_UP_DIRS = tuple(tuple(d.split("/")) for d in (
    ".ssh", ".gnupg", ".config/autostart", ".config/systemd", ".config/environment.d", ".config/git", ".config/fish",
    ".config/nvim", ".config/containers", ".config/smallops-tui", ".local/bin", ".local/share/systemd",
    ".local/share/smallops-tui", ".local/share/applications", ".husky", ".githooks", ".venv/bin", "venv/bin",
    "node_modules/.bin", ".vscode", ".idea", ".devcontainer", ".docker", ".kube", ".aws", ".direnv", "etc/profile.d",
    ".config/direnv", ".config/tmux", ".config/plasma-workspace", ".config/pip", ".cargo", ".gradle/init.d",
    ".emacs.d", ".vim", ".ipython", ".jupyter", ".julia/config", ".mvn",
))


def runs_later(root: Path, rel: str, protected: tuple[Path, ...] = (),
               is_file: Callable[[Path], bool] = Path.is_file) -> str:
    """Why writing `rel` (relative to the workspace `root`) sets up code to run later; "" if not.
    `is_file` says whether a file is there (a rebuild judges among the files it plans to write)."""
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    if not parts:
        return ""
    name = parts[-1]
    target = root.joinpath(*parts)
    for directory in protected:
        if target == directory or directory in target.parents:
            return f"{rel} is in smallops' own settings or session logs"
    if name in START_UP_NAMES or any(fnmatch.fnmatchcase(name, g) for g in START_UP_GLOBS):
        return f"{rel} is a start-up or configuration file"
    if name in GIT_CONTROL_NAMES:
        return f"{rel} is a git control file (a repository's configuration runs programs)"
    for names in START_UP_DIRS:
        for k in range(len(parts) - len(names) + 1):
            if tuple(parts[k : k + len(names)]) == names:
                return f"{rel} is beneath {'/'.join(names)}"
    for k, part in enumerate(parts[:-1]):
        parent = root.joinpath(*parts[:k])
        if part in GIT_CONTROL_DIRS and (parent.name.endswith(".git") or is_file(parent / "HEAD")
                                         or is_file(parent / "config")):
            return f"{rel} is inside a git repository's {part}/"
    return ""
