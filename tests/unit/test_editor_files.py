"""A workspace with an editor's own copy of its files (agent/files/editor.py): the model's read and
an edit's preview are the editor's unsaved text, the approved edit is written through the editor
exactly; a file the editor only translated (line endings) or could not decode is the disk's."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.edits import preview_edit
from smallops_tui.agent.files.editor import editor_bytes
from smallops_tui.agent.files.workspace import Checkpoint, FileChanged, Workspace
from smallops_tui.agent.reply.kinds import WriteFile


class Editor:
    def __init__(self, buffers: dict[str, str], writes: bool = True) -> None:
        self.buffers, self.writes = buffers, writes
        self.written: list[tuple[str, str]] = []

    def read(self, rel: str) -> str | None:
        return self.buffers.get(rel)

    def write(self, rel: str, text: str) -> bool:
        if not self.writes:
            return False
        self.written.append((rel, text))
        self.buffers[rel] = text
        return True


def test_the_editor_s_text_is_read_previewed_and_written_through(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    workspace = Workspace(tmp_path)
    editor = Editor({"a.py": "x = 2  # unsaved\n"})
    workspace.editor = editor
    assert workspace.read_file("a.py").text == "x = 2  # unsaved\n"
    preview = preview_edit(WriteFile(action="write_file", path="a.py", content="x = 3\n"), workspace)
    assert preview.before == "x = 2  # unsaved\n"
    workspace.write_bytes("a.py", preview.data, "step 1", preview.fingerprint)
    assert editor.written == [("a.py", "x = 3\n")]
    assert (tmp_path / "a.py").read_text() == "x = 1\n"  # the editor writes the disk when it saves, not smallops
    checkpoint = workspace.checkpoints[-1]
    assert isinstance(checkpoint, Checkpoint) and checkpoint.before == b"x = 2  # unsaved\n"  # undo: what the person saw
    editor.buffers["a.py"] = "changed again\n"  # the person typed after the proposal was made
    with pytest.raises(FileChanged):
        workspace.write_bytes("a.py", b"x = 4\n", "step 2", preview.fingerprint)


def test_a_file_the_editor_could_only_translate_is_the_disk_s(tmp_path: Path) -> None:
    assert editor_bytes("a\nb\n", b"a\r\nb\r\n") is None  # the same text, line endings translated by the editor
    assert editor_bytes("caf\ufffd\n", b"caf\xe9\n") is None  # not UTF-8 on disk: the editor's is lossy
    assert editor_bytes("a\n", b"a\n") is None  # nothing unsaved
    assert editor_bytes("a\r\nc\r\n", b"a\r\nb\r\n") == b"a\r\nc\r\n"  # an unsaved edit, as typed
    (tmp_path / "w.txt").write_bytes(b"one\r\ntwo\r\n")
    workspace = Workspace(tmp_path)
    workspace.editor = Editor({"w.txt": "one\ntwo\n"}, writes=False)
    assert workspace.read_bytes("w.txt") == b"one\r\ntwo\r\n" and workspace.read_file("w.txt").newline == "\r\n"
    workspace.write_bytes("w.txt", b"one\r\nthree\r\n")  # an editor that does not write: the disk, as ever
    assert (tmp_path / "w.txt").read_bytes() == b"one\r\nthree\r\n"
