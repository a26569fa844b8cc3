"""`merge`: a write of part of a Python file put in place (levers/merge.py): the shapes a small
model sends (one function, a method of a class, a new function with its import), what must be
left as written (a whole file, a file that does not parse, a task that removes), and a property
over generated modules: every definition ends up as the fragment gave it or as the file had it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.merge import merge_fragment, merged

MODULE = '''"""Tools."""
import os

LIMIT = 10


@staticmethod
def first(values):
    return values[0]


def last(values):
    return values[-1]


class Box:
    def __init__(self, items):
        self.items = items

    def size(self):
        return len(self.items)
'''


def test_one_function_replaces_its_namesake_with_its_decorators() -> None:
    text, names = merged(MODULE, "def last(values):\n    return values[len(values) - 1]\n") or ("", [])
    assert names == ["last"]
    assert "return values[len(values) - 1]" in text and "return values[-1]" not in text
    assert "@staticmethod\ndef first" in text and "class Box" in text and text.startswith('"""Tools."""')


def test_a_new_function_goes_at_the_end_and_its_import_after_the_imports() -> None:
    text, names = merged(MODULE, "import json\n\n\ndef dump(values):\n    return json.dumps(values)\n") or ("", [])
    assert names == ["dump"]
    assert text.index("import json") == text.index("import os") + len("import os\n")
    assert text.rstrip().endswith("return json.dumps(values)")


def test_a_method_goes_into_its_class() -> None:
    text, names = merged(MODULE, "class Box:\n    def size(self):\n        return 0\n\n    def empty(self):\n"
                                 "        return not self.items\n") or ("", [])
    assert names == ["Box.size", "Box.empty"]
    box = next(n for n in ast.parse(text).body if isinstance(n, ast.ClassDef))
    assert [m.name for m in box.body if isinstance(m, ast.FunctionDef)] == ["__init__", "size", "empty"]


def test_a_constant_replaces_its_assignment() -> None:
    text, _ = merged(MODULE, "LIMIT = 20\n\n\ndef last(values):\n    return values[-1]\n") or ("", [])
    assert "LIMIT = 20" in text and "LIMIT = 10" not in text


def test_a_constant_sent_alone_replaces_its_assignment() -> None:
    """heldout17's h02 sent `PITCH_FEE = 21.00` alone for a module of constants and functions."""
    text, names = merged(MODULE, "LIMIT = 3\n") or ("", [])
    assert text == MODULE.replace("LIMIT = 10", "LIMIT = 3") and names == ["LIMIT"]
    assert merged("LIMIT = 10\nOTHER = 2\n", "LIMIT = 3\n") is None  # constants only: a whole file


def test_a_definition_under_the_new_name_of_a_rename_takes_the_old_ones_place() -> None:
    """heldout17's h03 sent the renamed function alone: it goes where the old one was, the rest kept."""
    text, names = merged(MODULE, "def final(values):\n    return values[-1]\n", {"final": "last"}) or ("", [])
    assert text == MODULE.replace("def last(values)", "def final(values)") and names == ["last as final"]
    whole = MODULE.replace("def last(values)", "def final(values)")
    assert merged(MODULE, whole, {"final": "last"}) is None  # the whole file with the rename made: as written
    assert merged(MODULE, "class last:\n    pass\n", {"last": "last"}) is not None  # its own name: as before
    unrenamed, _ = merged(MODULE, "def final(values):\n    return values[-1]\n") or ("", [])
    assert "def last(values)" in unrenamed and unrenamed.rstrip().endswith("return values[-1]")  # no rename: added


def test_the_lever_merges_a_rename_of_code_but_not_of_a_file_or_with_a_removal(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path)
    fragment = WriteFile(path="tools.py", content="def final(values):\n    return values[-1]\n")
    action, repairs = merge_fragment(fragment, workspace, "Rename `last` in tools.py to `final`.")
    assert isinstance(action, WriteFile) and action.content == MODULE.replace("def last(", "def final(") and repairs
    for task in ("Rename tools.py to helpers.py.", "Rename `last` in tools.py to `final` and remove the unused first.",
                 "Rename last to final and get rid of Box."):
        assert merge_fragment(fragment, workspace, task) == (fragment, []), task


def test_what_is_not_a_fragment_is_left_as_written() -> None:
    assert merged(MODULE, MODULE.replace("values[0]", "values[1]")) is None  # every definition: a whole file
    assert merged(MODULE, "def last(values:\n") is None  # does not parse
    assert merged(MODULE, "print('hello')\n") is None  # not only definitions
    assert merged(MODULE, "OTHER = 3\n") is None  # defines nothing, sets nothing the file sets
    assert merged("x = 1\n", "def f():\n    return 1\n") is None  # the file has no definition to keep


def _workspace(tmp_path: Path) -> Workspace:
    (tmp_path / "tools.py").write_text(MODULE)
    (tmp_path / "notes.txt").write_text("def f(): pass\n")
    return Workspace(tmp_path, protected=())


def test_the_lever_reshapes_only_python_writes_and_not_for_a_removal(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path)
    fragment = WriteFile(path="tools.py", content="def last(values):\n    return None\n")
    action, repairs = merge_fragment(fragment, workspace, "make last return None")
    assert isinstance(action, WriteFile) and "class Box" in action.content and [r.kind for r in repairs] == ["fragment_merged"]
    assert merge_fragment(fragment, workspace, "Remove the unused helpers from tools.py") == (fragment, [])
    text = WriteFile(path="notes.txt", content="def g(): pass\n")
    assert merge_fragment(text, workspace, "") == (text, [])
    new = WriteFile(path="new.py", content="def g():\n    return 1\n")
    assert merge_fragment(new, workspace, "") == (new, [])


NAMES = ["alpha", "beta", "gamma", "delta", "epsilon"]


@settings(max_examples=150, deadline=None)
@given(count=st.integers(2, 5), data=st.data())
def test_every_definition_ends_as_given_or_as_it_was(count: int, data: st.DataObject) -> None:
    names = NAMES[:count]
    before = "import os\n\n\n" + "\n\n".join(f"def {n}():\n    return {i}\n" for i, n in enumerate(names))
    given_names = data.draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    fragment = "\n\n".join(f"def {n}():\n    return {100 + i}\n" for i, n in enumerate(given_names))
    result = merged(before, fragment)
    if set(names) <= set(given_names):
        assert result is None  # every definition given: a whole file
        return
    assert result is not None
    text, _ = result
    module = ast.parse(text)
    returned = {n.name: ast.literal_eval(n.body[0].value) for n in module.body if isinstance(n, ast.FunctionDef)}  # type: ignore[attr-defined]
    for i, name in enumerate(names):
        assert returned[name] == (100 + given_names.index(name) if name in given_names else i)
    for i, name in enumerate(given_names):
        assert returned[name] == 100 + i
    order = [n.name for n in module.body if isinstance(n, ast.FunctionDef)]
    assert order[:count] == names  # the file's own stay in their places; new ones follow


CONFIG = "[shop]\nname = Scoops\n    # the till shows this\nopen = 9\n\n[vanilla]\nprice = 180\n"


@pytest.mark.parametrize("path, fragment", [("shop.ini", "[shop]\nopen = 10\nclose = 18\n"),
                                            ("shop.toml", "[shop]\nopen = 10\nclose = 18\n")])
def test_a_merge_keeps_the_files_line_breaks_and_its_missing_last_one(path: str, fragment: str, tmp_path: Path) -> None:
    """An attacker's review: LF lines went into a CRLF file, and a file without a final line break
    was no merge at all (a key added after its last line ran into it)."""
    config = CONFIG if path.endswith(".ini") else CONFIG.replace("Scoops", '"Scoops"')
    expected = config.replace("open = 9\n", "open = 10\nclose = 18\n")
    (tmp_path / path).write_text(config.rstrip("\n"))  # a key added after the file's open last line
    write, _ = merge_fragment(WriteFile(path=path, content="[vanilla]\ncone = 20\n"), Workspace(tmp_path), "cones")
    assert isinstance(write, WriteFile) and write.content == config + "cone = 20"
    for before, after in [(config, expected), (config.replace("\n", "\r\n"), expected.replace("\n", "\r\n")),
                          (config.rstrip("\n"), expected.rstrip("\n"))]:
        (tmp_path / path).write_bytes(before.encode())
        write, repairs = merge_fragment(WriteFile(path=path, content=fragment), Workspace(tmp_path), "open at 10")
        assert isinstance(write, WriteFile) and write.content == after, before
        assert [r.kind for r in repairs] == ["fragment_merged"]


@pytest.mark.parametrize("path", ["shop.ini", "shop.toml"])
def test_an_indented_comment_under_a_changed_key_stays(path: str, tmp_path: Path) -> None:
    """An attacker's review: the comment was read as the value's continuation and replaced with it."""
    config = CONFIG if path.endswith(".ini") else CONFIG.replace("Scoops", '"Scoops"')
    (tmp_path / path).write_text(config)
    new_name = "Cones" if path.endswith(".ini") else '"Cones"'
    write, _ = merge_fragment(WriteFile(path=path, content=f"[shop]\nname = {new_name}\n"), Workspace(tmp_path), "call the shop Cones")
    assert isinstance(write, WriteFile)
    assert write.content == config.replace("name = Scoops" if path.endswith(".ini") else 'name = "Scoops"',
                                           f"name = {new_name}")


def _merged_write(tmp_path: Path, path: str, before: bytes, fragment: str, task: str = "as asked") -> str:
    (tmp_path / path).write_bytes(before)
    write, _ = merge_fragment(WriteFile(path=path, content=fragment), Workspace(tmp_path), task)
    assert isinstance(write, WriteFile)
    return write.content


@pytest.mark.parametrize("path", ["s.ini", "s.toml", "m.py"])
def test_a_crlf_file_without_a_final_line_break_stays_so(path: str, tmp_path: Path) -> None:
    """An attacker's review: the merged lines ended in LF, so the CRLF file gained a final break."""
    before, fragment, after = {
        "s.ini": ("[a]\r\nx = 1\r\n\r\n[b]\r\ny = 2", "[b]\ny = 3", "[a]\r\nx = 1\r\n\r\n[b]\r\ny = 3"),
        "s.toml": ("[a]\r\nx = 1\r\n\r\n[b]\r\ny = 2", "[b]\ny = 3", "[a]\r\nx = 1\r\n\r\n[b]\r\ny = 3"),
        "m.py": ("def a():\r\n    return 1\r\n\r\n\r\ndef b():\r\n    return 2", "def b():\n    return 3",
                 "def a():\r\n    return 1\r\n\r\n\r\ndef b():\r\n    return 3"),
    }[path]
    assert _merged_write(tmp_path, path, before.encode(), fragment) == after


def test_a_file_with_lone_carriage_returns_is_not_merged(tmp_path: Path) -> None:
    """Its lines are not what the parsers read: the write stays as sent (and `dropped` judges it)."""
    assert _merged_write(tmp_path, "m.py", b"def a():\r    return 1\rdef b():\r    return 2\r",
                         "def b():\n    return 3\n") == "def b():\n    return 3\n"


def test_a_python_file_with_a_form_feed_is_merged_by_pythons_own_lines(tmp_path: Path) -> None:
    """An attacker's review: str.splitlines broke at the form feed, so the stale line stayed."""
    before = "import os\n\x0c\ndef a():\n    return 1\n\n\ndef b():\n    return 2\n\n\ndef c():\n    return 3\n"
    assert _merged_write(tmp_path, "m.py", before.encode(), "def b():\n    return 20\n") == \
        before.replace("return 2\n", "return 20\n")


def test_configuration_comments_in_values_and_after_keys(tmp_path: Path) -> None:
    """An attacker's review: a TOML array with a comment inside is a value over lines, still merged;
    an INI key added after a key with an indented comment goes after the comment; a line break
    Python would see but configparser would not (U+2028) is no crash."""
    toml = '[deps]\nlist = [\n    "a",\n    # "b",\n    "c",\n]\n\n[other]\nk = 1\n'
    assert _merged_write(tmp_path, "d.toml", toml.encode(), '[deps]\nlist = [\n    "a",\n    "d",\n]\n') == \
        '[deps]\nlist = [\n    "a",\n    "d",\n]\n\n[other]\nk = 1\n'
    ini = "[a]\nx = 1\ny = 2\n  ; y must stay below 10\n\n[b]\nz = 1\n"
    assert _merged_write(tmp_path, "s.ini", ini.encode(), "[a]\nw = 5\n") == ini.replace("10\n", "10\nw = 5\n")
    hostile = "[a]\nx = 1\n# note\u2028y = 5\n\n[b]\nz = 1\n"
    assert _merged_write(tmp_path, "s.cfg", hostile.encode(), "[a]\ny = 7\n") == hostile.replace("x = 1\n",
                                                                                                "x = 1\ny = 7\n")


def test_a_merger_that_fails_leaves_the_write_as_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hostile text a merger did not foresee (configparser raised NoOptionError on one, in an
    attacker's review) must not end the session: the write is proposed as the model sent it."""
    import smallops_tui.agent.session.levers.merge as merge_module

    def raising(before: str, fragment: str) -> None:
        raise LookupError("a case nobody foresaw")

    monkeypatch.setitem(merge_module._MERGERS, ".ini", raising)
    assert _merged_write(tmp_path, "s.ini", b"[a]\nx = 1\n\n[b]\nz = 1\n", "[a]\ny = 7\n") == "[a]\ny = 7\n"
