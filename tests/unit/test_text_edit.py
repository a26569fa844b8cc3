"""The edit vocabulary's one text edit: replace the one place some exact text occurs (no line numbers,
which a small model miscounts), each way it cannot apply a sentence the model can act on."""

from __future__ import annotations

import pytest

from smallops_tui.agent import parse_reply, vocabulary
from smallops_tui.agent.files.edits import EditError, preview_edit
from smallops_tui.agent.reply.kinds import InsertLines, ReplaceText


def test_the_edit_vocabulary_is_the_seed_and_replace_text() -> None:
    assert list(vocabulary("edit")) == ["read_file", "write_file", "list_dir", "run_command", "done", "replace_text"]


def test_one_exact_occurrence_is_replaced(workspace) -> None:
    preview = preview_edit(ReplaceText(path="main.py", old="a - b", new="a + b"), workspace)
    assert preview.after == "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"
    # A blank line at the end, asked the way a small model asks it.
    (workspace.root / "file.txt").write_text("hello\n")
    assert preview_edit(ReplaceText(path="file.txt", old="hello", new="hello\n"), workspace).after == "hello\n\n"


def test_crlf_files_are_matched_and_written_with_their_own_line_breaks(workspace) -> None:
    (workspace.root / "win.txt").write_bytes(b"one\r\ntwo\r\n")
    preview = preview_edit(ReplaceText(path="win.txt", old="one\ntwo", new="one\n1.5\ntwo"), workspace)
    assert preview.data == b"one\r\n1.5\r\ntwo\r\n"


@pytest.mark.parametrize(("old", "sentence"), [
    ("a", "occurs 4 times in main.py; include more of the lines around it"),
    ("return a * b", "does not occur in main.py; read the file and copy the exact text"),
    ("return  a - b", "does not occur in main.py (it does with other spaces or line breaks: copy the text exactly)"),
    ("", "old is empty"),
])
def test_text_that_names_no_one_place_is_a_sentence(old: str, sentence: str, workspace) -> None:
    with pytest.raises(EditError, match=sentence.replace("(", r"\(").replace(")", r"\)")):
        preview_edit(ReplaceText(path="main.py", old=old, new="x"), workspace)


CLASS = "class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 1\n"


@pytest.mark.parametrize(("old", "new", "after"), [
    # the method's lines copied without the class's indentation: put back, the new ones shifted alike
    ("def f(self):\n    return 1", "def f(self):\n    x = 10\n    return x",
     "class A:\n    def f(self):\n        x = 10\n        return x\n\n    def g(self):\n        return 1\n"),
    ("  def g(self):\n      return 1\n", "", "class A:\n    def f(self):\n        return 1\n\n"),
])
def test_whole_lines_copied_with_another_indentation_name_their_one_place(old: str, new: str, after: str,
                                                                           workspace) -> None:
    (workspace.root / "a.py").write_text(CLASS)
    assert preview_edit(ReplaceText(path="a.py", old=old, new=new), workspace).after == after


@pytest.mark.parametrize("old", ["return 1", "        return 1\n", "def f(self):\nreturn 1"])
def test_text_in_several_places_or_indented_unlike_the_file_names_none(old: str, workspace) -> None:
    (workspace.root / "a.py").write_text(CLASS)
    with pytest.raises(EditError):
        preview_edit(ReplaceText(path="a.py", old=old, new="x"), workspace)


def test_what_models_call_it_is_read_as_replace_text() -> None:
    result = parse_reply('{"action": "replace_text", "path": "a.py", "old_text": "x", "new_text": "y"}', "edit")
    assert result.action == ReplaceText(path="a.py", old="x", new="y")
    assert [r.kind for r in result.repairs] == ["field_renamed", "field_renamed"]
    invented = parse_reply('{"action": "edit_file", "path": "a.py", "old": "x", "new": "y"}', "edit")
    assert invented.failure is not None and 'closest valid action is "replace_text"' in invented.failure.message


def test_inserting_an_empty_line_inserts_one_blank_line(workspace) -> None:
    (workspace.root / "file.txt").write_text("hello\n")
    assert preview_edit(InsertLines(path="file.txt", after=1, content=""), workspace).after == "hello\n\n"
