"""`lint` answers a Python edit that uses names nothing in the file defines (agent/session/levers/undefined.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.edits import preview_edit
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.undefined import names_left_undefined
from smallops_tui.agent.session.undefined_names import undefined_uses

from ..streams import turn
from .test_levers import TASKS_DIR, _proposed, _session, _told

BOOKING = '''"""One party's booking."""
from dataclasses import dataclass

from cookclass.courses import COURSES


@dataclass
class Booking:
    course: str
    pax: int = 1

    def __post_init__(self):
        if self.course not in COURSES:
            raise ValueError("no such course")
'''


def _answer(tmp_path: Path, path: str, before: str | None, after: str):
    if before is not None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(before)
    workspace = Workspace(tmp_path)
    return names_left_undefined(preview_edit(WriteFile(path=path, content=after), workspace), workspace)


def test_an_edit_that_drops_an_import_still_used_is_answered(tmp_path: Path) -> None:
    """heldout14's x07: booking.py sent back without its imports; COURSES then raised NameError."""
    after = BOOKING.split("@dataclass\n", 1)[1].replace("pax", "guests")
    answer = _answer(tmp_path, "cookclass/booking.py", BOOKING, after)
    assert answer is not None and answer.rejects
    assert "COURSES: used at line 6: if self.course not in COURSES:" in answer.text
    assert "NameError" in answer.text and "send all of it again" in answer.text
    assert answer.note.startswith("lint: the model's edit of cookclass/booking.py uses COURSES")


def test_a_name_already_undefined_before_the_edit_is_not_held_against_it(tmp_path: Path) -> None:
    """A task may be to fix exactly that NameError; only names the edit adds count."""
    before = "def total(xs):\n    return summ(xs)\n"
    after = "def total(xs):\n    # adds them up\n    return summ(xs)\n"
    assert _answer(tmp_path, "calc.py", before, after) is None


def test_a_name_removed_but_still_in_all_is_answered(tmp_path: Path) -> None:
    """heldout14's x06 flaw: a module deleted, its function left in __all__: `import *` fails."""
    before = 'from .oldcsv import read_old\nfrom .huts import Hut\n\n__all__ = ["Hut", "read_old"]\n'
    after = 'from .huts import Hut\n\n__all__ = ["Hut", "read_old"]\n'
    answer = _answer(tmp_path, "beachhut/__init__.py", before, after)
    assert answer is not None and "read_old: listed in __all__ at line 3" in answer.text
    # A package's __all__ may name a submodule, which `import *` imports (a file of any suffix, a
    # folder, or one not written yet): not a missing name.
    (tmp_path / "beachhut" / "huts.py").write_text("class Hut:\n    pass\n")
    (tmp_path / "beachhut" / "tides").mkdir()
    (tmp_path / "beachhut" / "_speedups.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    for listed in ("huts", "tides", "_speedups", "core"):
        assert _answer(tmp_path, "beachhut/__init__.py", before,
                       f'from .huts import Hut\n\n__all__ = ["Hut", "{listed}"]\n') is None, listed
    # A module that lists a name it does not define, with no __getattr__ to make it, is answered.
    assert _answer(tmp_path, "huts.py", "X = 1\n__all__ = ['X']\n", "__all__ = ['X']\n") is not None


def test_a_name_only_another_function_takes_as_a_parameter_is_answered(tmp_path: Path) -> None:
    """heldout16's z02: a new function used syrup_litres, a parameter of the function beside it."""
    before = "def boil_off_litres(sap_litres, syrup_litres):\n    return sap_litres - syrup_litres\n"
    after = ("def syrup_yield(sap_litres, brix):\n    if syrup_litres > sap_litres:\n        raise ValueError\n"
             "    return sap_litres * brix / 86\n\n\n" + before)
    answer = _answer(tmp_path, "boiling.py", before, after)
    assert answer is not None and "syrup_litres: used at line 2" in answer.text


def test_a_new_file_using_what_it_never_imports_is_answered(tmp_path: Path) -> None:
    """heldout8's r07: a new module used argparse without importing it."""
    answer = _answer(tmp_path, "cli.py", None, "def main():\n    parser = argparse.ArgumentParser()\n")
    assert answer is not None and "argparse: used at line 2" in answer.text


@pytest.mark.parametrize("code", [
    "import os\nprint(len(os.sep), sorted([1]), __name__, __file__)\n",  # builtins and module dunders
    "xs = [y * 2 for y in range(3)]\nlookup = {k: v for k, v in zip('ab', xs)}\n",  # comprehension scopes
    "class A:\n    size = 3\n    def grow(self):\n        return self.size + 1\n",  # class scope, self
    "def f():\n    global counter\n    counter = 1\n\ndef g():\n    return counter\n",  # a global made in a function
    "try:\n    import tomllib\nexcept ImportError:\n    tomllib = None\n",  # a guarded import
    "from os.path import *\nprint(join('a', 'b'))\n",  # a star import defines what it may
    # The idioms an attacker's review listed, which run and must not be refused:
    "from pkgutil import extend_path\n__path__ = extend_path(__path__, __name__)\n",  # a namespace package
    "__all__ = ['Heavy']\n\ndef __getattr__(name):\n    return 1\n",  # PEP 562's lazy exports
    "from __future__ import annotations\n\ndef f(a: Sequence[int]) -> Mapping:\n    return a\n",  # annotations only
    "def f(a: 'Foo') -> 'Bar':\n    return a\n",  # string annotations
    "import gettext\ngettext.install('app')\nprint(_('hello'))\n",  # builtins made at run time
    "import builtins\nbuiltins.helper = len\nhelper([1])\n",
    "globals().update({'RED': 1})\nprint(RED)\n", "exec('y = 2')\nprint(y)\n",
    "print(__cached__, __spec__)\n",  # the import system's globals
    "try:\n    pass\nexcept PythonFinalizationError:\n    pass\n",  # a builtin of a later Python
    "def _helper():\n    return 2\n\ndef _setup():\n    return _helper() * 2\n\nCONFIG = _setup()\ndel _setup, _helper\n",
    "import sys\nif sys.version_info < (3,):\n    text = unicode\nelse:\n    text = str\n",  # another Python's branch
    "c = get_config()  # noqa\n",  # the person's own marker
    "def f(a, *rest, key=None, **more):\n    return a, rest, key, more\n",  # parameters
])
def test_code_whose_names_all_resolve_is_left_alone(code: str, tmp_path: Path) -> None:
    assert _answer(tmp_path, "mod.py", "", code) is None


def test_the_line_quoted_is_the_line_python_counts(tmp_path: Path) -> None:
    """A form feed or U+2028 is no line break to Python (str.splitlines took them for one)."""
    answer = _answer(tmp_path, "m.py", "import os\n", 'import os\n\x0c\nS = "a\u2028b"\nprint(missing, os)\n')
    assert answer is not None and "- missing: used at line 4: print(missing, os)" in answer.text


def test_what_is_too_large_to_judge_quickly_is_no_verdict(tmp_path: Path) -> None:
    """pyflakes is quadratic on some shapes (many except clauses): a large file is not judged."""
    hostile = "try:\n    pass\n" + "".join(f"except E{i}:\n    x = 1\n" for i in range(3000))
    assert undefined_uses("big.py", hostile) is None


def test_what_does_not_parse_or_is_no_python_is_no_verdict(tmp_path: Path) -> None:
    assert _answer(tmp_path, "mod.py", "x = 1\n", "def f(:\n    return nope\n") is None  # the syntax check's
    assert _answer(tmp_path, "notes.txt", "x\n", "uses nothing_defined\n") is None
    assert undefined_uses("deep.py", "x = " + "(" * 100_000 + ")" * 100_000) is None  # hostile: no crash


async def test_the_model_is_told_and_its_corrected_write_passes(tmp_path: Path) -> None:
    """Through a real session: the broken write never reaches the person; the fixed one does."""
    source = (TASKS_DIR / "r3-fix-add" / "repo" / "math.py").read_text()
    broken = source.replace("return a - b", "return operator.add(a, b)")
    fixed = "import operator\n\n\n" + broken
    turns = [turn({"action": "write_file", "path": "math.py", "content": broken}),
             turn({"action": "write_file", "path": "math.py", "content": fixed}),
             turn({"action": "done", "summary": "fixed add"})]
    requests, record, events = await _session(("lint",), turns, "r3-fix-add", tmp_path)
    assert "operator: used at line 2: return operator.add(a, b)" in _told(requests[1])
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


async def test_a_fragment_is_answered_by_dropped_first(tmp_path: Path) -> None:
    """A fragment's missing names follow from the definitions it leaves out, which `dropped` names."""
    task = tmp_path / "tasks" / "grid-symmetry"
    (task / "repo").mkdir(parents=True)
    (task / "prompt.txt").write_text("Add is_symmetric(grid) to grid.py.\n")
    (task / "check.py").write_text("def check(root, original, summary):\n"
                                   "    return 'def is_symmetric' in (root / 'grid.py').read_text(), 'checked'\n")
    source = "def transpose(grid):\n    return [''.join(col) for col in zip(*grid)]\n"
    (task / "repo" / "grid.py").write_text(source)
    fragment = "def is_symmetric(grid):\n    return grid == transpose(grid)\n"  # heldout14's x02
    turns = [turn({"action": "write_file", "path": "grid.py", "content": fragment}),
             turn({"action": "write_file", "path": "grid.py", "content": source + "\n\n" + fragment}),
             turn({"action": "done", "summary": "added is_symmetric"})]
    requests, record, events = await _session(("lint", "dropped"), turns, "grid-symmetry", tmp_path,
                                              tasks_dir=tmp_path / "tasks")
    assert "that edit removes transpose from grid.py" in _told(requests[1]) and "NameError" not in _told(requests[1])
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


async def test_an_edit_step_is_not_judged_as_a_whole_file(tmp_path: Path) -> None:
    """A replace_text step may use a name the next step imports (an attacker's review)."""
    turns = [turn({"action": "replace_text", "path": "math.py", "old": "return a - b",
                   "new": "return operator.add(a, b)"}),
             turn({"action": "replace_text", "path": "math.py", "old": "def add", "new": "import operator\n\n\ndef add"}),
             turn({"action": "done", "summary": "fixed add"})]
    requests, record, events = await _session(("lint",), turns, "r3-fix-add", tmp_path, vocabulary="edit")
    assert _proposed(events) == ["replace_text", "replace_text", "done"] and record["status"] == "passed"
