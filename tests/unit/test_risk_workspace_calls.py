"""`python3 -c` that only prints what the workspace's own functions return is MEDIUM, as running
the module is; every other inline program, and this one in any other setting, stays HIGH."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent import Workspace
from smallops_tui.agent.reply.kinds import RunCommand
from smallops_tui.agent.risk.classify import classify
from smallops_tui.agent.risk.workspace_calls import workspace_call
from smallops_tui.agent.sandbox.confine import Sandbox, SandboxKind
from smallops_tui.agent.session.script_run import script_note

MODULE = '''"""Tokens for the fairground."""
from dataclasses import dataclass
import os

RATE = 3


def group_tokens(counts, size=10):
    return sum(-(-c // size) for c in counts)


@dataclass
class Ride:
    name: str


def reset():
    global shuffled
    shuffled = True


def later():
    return 1


def swap():
    global later
    later = os.system


runner = os.system
'''


@pytest.fixture
def project(tmp_path: Path) -> Workspace:
    (tmp_path / "fair").mkdir()
    (tmp_path / "fair" / "__init__.py").write_text("")
    (tmp_path / "fair" / "tokens.py").write_text(MODULE)
    (tmp_path / "tool.py").write_text("def main(argv=None):\n    return 0\n")
    return Workspace(tmp_path)


def _level(command: str, workspace: Workspace) -> str:
    return classify(RunCommand(command=command), workspace).level


def _c(program: str, python: str = "python3") -> str:
    return f"{python} -c {shlex.quote(program)}"


CALLS = [
    "from fair.tokens import group_tokens; print(group_tokens([41, 12, 7]))",
    "from fair.tokens import group_tokens as g\nprint(g([1, -2], size=4))",
    "from fair.tokens import group_tokens, Ride; print(group_tokens((1,)), Ride('wheel'))",
    "from fair.tokens import group_tokens; print(repr(group_tokens([1.5, 2], size=+3)), sep=' ')",
    "from fair.tokens import group_tokens; group_tokens([1])",
    "from fair.tokens import group_tokens; print(group_tokens(...))",  # the harness's own suggestion
    "from tool import main; print(main(['--help']))",
    "from fair.tokens import reset; print(reset())",  # its `global` rebinds another name
    "from fair.tokens import group_tokens; print(group_tokens({'a': None, 2: b'x'}))",
    # the standard library's value types, with literal arguments (heldout23's d12: `date(2025, 5, 3)`)
    "from datetime import date; from fair.tokens import group_tokens; print(group_tokens([1], size=date(2025, 5, 3)))",
    "from decimal import Decimal; from fractions import Fraction; from fair.tokens import group_tokens; "
    "print(group_tokens([Decimal('1.5'), Fraction(1, 3)]))",
    "from datetime import datetime, timedelta as td; from fair.tokens import Ride; print(Ride(datetime(2025, 1, 1)), td(1))",
]


@pytest.mark.parametrize("program", CALLS)
def test_a_call_of_workspace_code_is_medium(program: str, project: Workspace) -> None:
    assert workspace_call(program, project)
    assert _level(_c(program), project) == "MEDIUM"
    assert _level(_c(program, "python3.11"), project) == "MEDIUM"


NOT_CALLS = [
    "print(1)",  # nothing of the workspace's
    "import fair.tokens; print(fair.tokens.group_tokens([1]))",  # an attribute
    "from os import system; print(system('id'))",  # the standard library
    "from fair.tokens import runner; print(runner('id'))",  # a name bound to something else
    "from fair.tokens import os; print(os.system('id'))",
    "from fair.tokens import later; print(later('id'))",  # rebound through `global` in swap()
    "from fair.tokens import RATE; print(RATE)",  # not a function or class
    "from fair.tokens import group_tokens; print(group_tokens([1]).__class__)",
    "from fair.tokens import group_tokens; print(group_tokens([1]) + 1)",
    "from fair.tokens import group_tokens; print(group_tokens(open('/etc/passwd')))",
    "from fair.tokens import group_tokens; print(group_tokens(*[1]))",
    "from fair.tokens import group_tokens; print(group_tokens(**{'size': 1}))",
    "from fair.tokens import group_tokens; x = group_tokens([1]); print(x)",
    "from fair.tokens import group_tokens; print(group_tokens([1]), file=open('out', 'w'))",
    "from fair.tokens import group_tokens as print; print(1)",
    "from fair.tokens import *; print(group_tokens([1]))",
    "from .tokens import group_tokens; print(group_tokens([1]))",
    "from fair._private import f; print(f())",
    "from fair.missing import f; print(f())",
    "from fair.tokens import group_tokens; exec('import os')",
    "from fair.tokens import group_tokens; print(__import__('os').system('id'))",
    "from fair.tokens import group_tokens; print(group_tokens(lambda: 1))",
    "from fair.tokens import group_tokens; print(group_tokens([i for i in range(3)]))",
    "from fair.tokens import group_tokens; print(group_tokens(f'{1}'))",
    "from fair.tokens import group_tokens; print(group_tokens([1])",  # does not parse
    "from fair.tokens import group_tokens\x00; print(group_tokens([1]))",
    "",
    "from datetime import date; print(date(2025, 5, 3))",  # nothing of the workspace's
    "from datetime import date; from fair.tokens import group_tokens; print(group_tokens(date.today()))",
    "from datetime import date as print; from fair.tokens import group_tokens; print(group_tokens([1]))",
    "from datetime import date as repr; from fair.tokens import group_tokens; print(repr(group_tokens([1])))",
    "from datetime import tzinfo; from fair.tokens import group_tokens; print(group_tokens(tzinfo()))",
    "from decimal import getcontext; from fair.tokens import group_tokens; print(group_tokens(getcontext()))",
    "from datetime import date; from fair.tokens import group_tokens; print(group_tokens(date))",  # the type, passed
]


@pytest.mark.parametrize("program", NOT_CALLS)
def test_any_other_program_stays_high(program: str, project: Workspace) -> None:
    assert not workspace_call(program, project)
    assert _level(_c(program), project) == "HIGH"


CALL = "from fair.tokens import group_tokens; print(group_tokens([41]))"
SETTINGS = [
    f"cd fair && {_c(CALL)}",  # another top level: another module may be found
    f"PYTHONPATH=/tmp {_c(CALL)}",
    f"env PYTHONPATH=/tmp {_c(CALL)}",
    f"sudo {_c(CALL)}",
    f"timeout 5 {_c(CALL)}",
    f"echo 'group_tokens = print' >> fair/tokens.py; {_c(CALL)}",  # the line changes the module first
    f"{_c(CALL)} > fair/tokens.py",
    f"./python3 -c {shlex.quote(CALL)}",  # a python of the workspace's
    f"python3 -I -c {shlex.quote(CALL)}",
    "python3 -c \"$(cat prog.txt)\"",
]


@pytest.mark.parametrize("line", SETTINGS)
def test_the_same_call_in_another_setting_stays_high(line: str, project: Workspace) -> None:
    assert _level(line, project) == "HIGH"


def test_a_module_the_workspace_shadows_or_leaves_is_not_its_own(project: Workspace, tmp_path: Path) -> None:
    (tmp_path / "json.py").write_text("def loads(s):\n    return s\n")  # the standard library's name
    assert _level(_c("from json import loads; print(loads('1'))"), project) == "HIGH"
    outside = tmp_path.parent / "outside_pkg"
    outside.mkdir(exist_ok=True)
    (outside / "__init__.py").write_text("def f():\n    return 1\n")
    (tmp_path / "linked").symlink_to(outside)
    assert _level(_c("from linked import f; print(f())"), project) == "HIGH"
    (tmp_path / "fair" / "deco.py").write_text("import os\n@staticmethod\ndef f():\n    return 1\n")
    assert _level(_c("from fair.deco import f; print(f())"), project) == "HIGH"
    (tmp_path / "fair" / "star.py").write_text("def getcwd():\n    return 1\nfrom os import *\n")
    assert _level(_c("from fair.star import getcwd; print(getcwd())"), project) == "HIGH"
    (tmp_path / "shadowed.py").write_text("def f():\n    return 1\n")
    (tmp_path / "shadowed").mkdir()  # a package folder wins over the file of the same name
    (tmp_path / "shadowed" / "__init__.py").write_text("from os import system as f\n")
    assert _level(_c("from shadowed import f; print(f())"), project) == "HIGH"


def test_what_the_import_system_would_load_instead_keeps_it_high(project: Workspace, tmp_path: Path) -> None:
    """An attacker's review: a module other than the one read would run."""
    def level(program: str) -> str:
        return _level(_c(program), project)
    # A folder without __init__.py: an installed package of the name wins over it.
    (tmp_path / "httpx").mkdir()
    (tmp_path / "httpx" / "run.py").write_text("def runu(command):\n    return command\n")
    assert level("from httpx.run import runu; print(runu('x'))") == "HIGH"
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "run.py").write_text("def runu(command):\n    return command\n")
    assert level("from helpers.run import runu; print(runu('x'))") == "HIGH"  # a namespace package
    (tmp_path / "helpers" / "__init__.py").write_text("")
    assert level("from helpers.run import runu; print(runu('x'))") == "MEDIUM"  # the control
    # A compiled module or package __init__ beside the source wins over it.
    (tmp_path / "helpers" / "run.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    assert level("from helpers.run import runu; print(runu('x'))") == "HIGH"
    (tmp_path / "helpers" / "run.cpython-311-x86_64-linux-gnu.so").unlink()
    (tmp_path / "helpers" / "__init__.pyc").write_bytes(b"\0")
    assert level("from helpers.run import runu; print(runu('x'))") == "HIGH"
    (tmp_path / "helpers" / "__init__.pyc").unlink()
    # An __init__.py that points the package elsewhere.
    (tmp_path / "helpers" / "__init__.py").write_text("__path__ = ['/usr/lib/python3/dist-packages/pexpect']\n")
    assert level("from helpers.run import runu; print(runu('x'))") == "HIGH"


REBOUND = {
    "globals": "import os\ndef run(c):\n    return c\nglobals()['run'] = os.system\n",
    "setattr": "import os, sys\ndef run(c):\n    return c\nsetattr(sys.modules[__name__], 'run', os.system)\n",
    "a decorator of its own named cache": "import os\nclass memo:\n    cache = staticmethod(lambda f: os.system)\n"
                                          "@memo.cache\ndef run(c):\n    return c\n",
    "functools changed": "import functools, os\nfunctools.cache = lambda f: os.system\n"
                         "@functools.cache\ndef run(c):\n    return c\n",
    "a class made from FileIO": "import io\nclass run(io.FileIO):\n    pass\n",
    "exec": "def run(c):\n    return c\nexec('run = print')\n",
}


@pytest.mark.parametrize("how", sorted(REBOUND))
def test_a_name_rebound_behind_the_count_keeps_it_high(how: str, project: Workspace, tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(REBOUND[how])
    assert _level(_c("from helpers import run; print(run('echo x'))"), project) == "HIGH"


def test_well_known_decorators_and_own_bases_are_kept(project: Workspace, tmp_path: Path) -> None:
    (tmp_path / "shapes.py").write_text(
        "import functools\nfrom dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass Shape:\n"
        "    sides: int\n\nclass Square(Shape):\n    pass\n\n@functools.lru_cache(maxsize=8)\n"
        "def area(n):\n    return n * n\n")
    assert _level(_c("from shapes import Square, area; print(Square(4), area(3))"), project) == "MEDIUM"


def test_the_harness_suggests_a_call_the_rules_let_run(project: Workspace) -> None:
    """script_run's note names a command; under approve-non-high it must not be one the policy refuses."""
    note = script_note("python3 fair/tokens.py", 0, "", project)
    suggested = note.split("`")[1]
    assert suggested.startswith("python3 -c ")
    assert _level(suggested, project) == "MEDIUM"
    filled = suggested.replace("...", "[41, 12]")
    assert _level(filled, project) == "MEDIUM"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_program_text_is_read_without_error(tmp_path_factory: pytest.TempPathFactory, program: str) -> None:
    root = tmp_path_factory.mktemp("ws")
    (root / "m.py").write_text("def f(*a, **k):\n    return 1\n")
    found = workspace_call(program, Workspace(root))
    assert found in ("", "m.f")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["x.attr", "1 + 1", "[x for x in y]", "f'{x}'", "lambda: 0", "(y := 1)", "x[0]", "not x"]))
def test_an_expression_outside_the_whitelist_is_refused(tmp_path_factory: pytest.TempPathFactory, expr: str) -> None:
    root = tmp_path_factory.mktemp("ws")
    (root / "m.py").write_text("def f(*a, **k):\n    return 1\n")
    assert workspace_call(f"from m import f; print(f({expr}))", Workspace(root)) == ""


@pytest.mark.parametrize("kind", ["landlock", "bwrap"])
def test_the_read_only_sandbox_leaves_the_workspace_out_of_what_is_writable(kind: SandboxKind, tmp_path: Path) -> None:
    """The argv the wrapper is given, for both kinds (bwrap need not be installed to build it):
    the wrapper's writable list (Landlock's rules, the disk bound) and bwrap's binds."""
    workspace, temp = str(tmp_path / "ws"), str(tmp_path / "tmp")

    def wrapper_words(sandbox: Sandbox) -> tuple[list[str], list[str]]:
        argv = sandbox.wrapper_argv("true", workspace, temp)
        head = argv[:argv.index("--")]
        return head, [argv[i + 1] for i, word in enumerate(argv) if word == "--bind"]

    head, binds = wrapper_words(Sandbox(kind, allow_network=True))
    assert workspace in head and "on" in head  # the control
    head, binds = wrapper_words(Sandbox(kind, allow_network=True).read_only_workspace())
    assert workspace not in head and temp in head and "off" in head and "on" not in head
    assert workspace not in binds
