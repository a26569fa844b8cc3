"""`callhint`: a Python error about how the project's own code was called or imported is answered
with what the code says (levers/call_hint.py): read from the files, never run."""

from __future__ import annotations

from pathlib import Path

from smallops_tui.agent.session.levers.call_hint import call_hint, looks_like_python_error

SCORE = '''"""python -m pond.score SURVEY.csv POND"""
import sys

from pond.survey import load_survey

INDICATORS = {"water scorpion"}


def site_score(records, pond):
    """The pond's score: three for an indicator species, one for any other."""
    return sum(3 if s in INDICATORS else 1 for s in records)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    records = load_survey(argv[0])
    pond = argv[1]
    print(site_score(records, pond))
'''
SURVEY = '''def load_survey(path):
    return [line.split(",") for line in open(path)]
'''
TEST = '''from pond.score import site_score


def test_empty():
    assert site_score([], "P") == 0
'''
CODE = {"pond/__init__.py": "", "pond/score.py": SCORE, "pond/survey.py": SURVEY, "tests/test_score.py": TEST}
TRACEBACK = 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
RAN = "python3 -c 'from pond.score import site_score; print(site_score(1))'"


def test_a_call_with_the_wrong_arguments_is_told_the_signature_and_the_projects_own_call_with_its_setup() -> None:
    said = call_hint(TRACEBACK + "TypeError: site_score() missing 1 required positional argument: 'pond'\n", CODE, RAN)
    assert "site_score is defined in pond/score.py, line 9:\ndef site_score(records, pond):" in said, said
    assert '"""The pond\'s score: three for an indicator species, one for any other."""' in said
    # The project's own call comes first, with the lines of its function that make its arguments.
    assert "pond/score.py, line 18:\n" in said and "    records = load_survey(argv[0])" in said, said
    assert said.index("pond/score.py, line 18") < said.index("tests/test_score.py, line 5: assert site_score([], \"P\") == 0")


def test_other_call_errors_name_the_same_function() -> None:
    for error in ("TypeError: site_score() takes 2 positional arguments but 3 were given",
                  "TypeError: site_score() got an unexpected keyword argument 'name'",
                  "TypeError: pond.score.site_score() missing 2 required positional arguments: 'records' and 'pond'"):
        assert "def site_score(records, pond):" in call_hint(TRACEBACK + error, CODE, RAN), error


def test_an_import_of_a_name_a_module_lacks_is_told_what_it_defines_and_where_the_name_is() -> None:
    said = call_hint("ImportError: cannot import name 'load_survey' from 'pond.score' (/w/pond/score.py)\n", CODE)
    assert "pond.score (pond/score.py) defines: INDICATORS, site_score, main." in said, said
    assert "load_survey is defined in pond/survey.py (pond.survey)." in said
    said = call_hint("AttributeError: module 'pond.survey' has no attribute 'site_score'\n", CODE)
    assert "pond.survey (pond/survey.py) defines: load_survey." in said and "site_score is defined in pond/score.py" in said


def test_a_module_the_project_lacks_under_its_package_is_told_the_modules_there() -> None:
    said = call_hint("ModuleNotFoundError: No module named 'pond.scores'\n", CODE)
    assert "The project's modules under pond: pond, pond.score, pond.survey." in said, said


def test_errors_about_code_the_project_does_not_hold_say_nothing() -> None:
    for output in ("TypeError: int() takes at most 2 arguments (3 given)",  # a builtin
                   "ModuleNotFoundError: No module named 'requests'",  # not the project's package
                   "ImportError: cannot import name 'x' from 'json' (/usr/lib/python3/json/__init__.py)",
                   "TypeError: unsupported operand type(s) for +: 'int' and 'str'",  # not about a call's arguments
                   "all 3 tests pass"):
        assert call_hint(output, CODE) == "", output
    assert not looks_like_python_error("all 3 tests pass") and not looks_like_python_error("")


def test_the_last_error_of_the_output_is_the_one_answered() -> None:
    output = ("TypeError: site_score() missing 1 required positional argument: 'pond'\nduring handling...\n"
              "ModuleNotFoundError: No module named 'pond.scores'\n")
    said = call_hint(output, CODE)
    assert "modules under pond" in said and "def site_score" not in said, said


def test_a_name_defined_in_many_places_is_not_guessed_at_and_broken_files_are_passed_over() -> None:
    code = {f"p/m{k}.py": "def run(a, b):\n    return a\n" for k in range(3)} | {"p/bad.py": "def run(:\n"}
    assert call_hint("TypeError: run() missing 1 required positional argument: 'b'", code, "python -m p.m0 p.m1 p.m2") == ""
    said = call_hint("TypeError: run() missing 1 required positional argument: 'b'",
                     {"p/m.py": "def run(a,\n        b):\n    return a\n", "p/bad.py": "def run(:\n"}, "python -m p.m")
    assert "def run(a,\n        b):" in said, said


def test_the_code_read_is_the_projects_own_not_a_virtual_environments(tmp_path: Path) -> None:
    from smallops_tui.agent.files.workspace import Workspace
    from smallops_tui.agent.session.levers.call_hint import project_code

    for rel, text in {**CODE, ".venv/lib/python3.11/site-packages/pond/score.py": "def site_score(x):\n    pass\n",
                      "build/lib/pond/score.py": "def site_score(y):\n    pass\n"}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    code = project_code(Workspace(tmp_path))
    assert set(code) == set(CODE), sorted(code)
    said = call_hint("TypeError: site_score() missing 1 required positional argument: 'pond'", code, RAN)
    assert "def site_score(records, pond):" in said and "site_score(x)" not in said, said


def test_a_name_used_but_not_imported_is_told_the_import_that_brings_it() -> None:
    output = (TRACEBACK + "NameError: name 'load_survey' is not defined\n")
    assert call_hint(output, CODE).endswith("load_survey is defined in pond/survey.py: from pond.survey import load_survey")
    assert call_hint("NameError: name 'records' is not defined", CODE) == ""  # no top-level definition of it


def test_a_method_named_by_its_class_or_a_library_function_of_the_same_name_is_not_mistaken() -> None:
    """A review's cases: `Order.__init__()` answered with another class's __init__; `json.load`'s
    missing argument answered with the project's own `load`."""
    code = {"shop/order.py": "class Basket:\n    def __init__(self, owner):\n        pass\n\n\n"
                             "class Order:\n    def __init__(self, qty, price):\n        pass\n",
            "shop/loader.py": "def load(path):\n    return open(path).read()\n"}
    said = call_hint("TypeError: Order.__init__() missing 1 required positional argument: 'price'", code,
                     "python3 -c 'from shop.order import Order; Order(1)'")
    assert "def __init__(self, qty, price):" in said and "owner" not in said, said
    assert call_hint("TypeError: load() missing 1 required positional argument: 'fp'", code,
                     "python3 -c 'import json; json.load()'") == ""
    long = {"p/m.py": "def run(" + ", ".join(f"a{k}" for k in range(5000)) + "):\n    pass\n"}
    assert len(call_hint("TypeError: run() missing 1 required positional argument: 'a1'", long, "python -m p.m")) < 1000


def test_a_module_given_to_python_as_a_file_is_told_to_run_with_m() -> None:
    """heldout31's i11, run again: `python pond.score survey.csv` twice, then a cp from /path/to."""
    output = "/usr/bin/python: can't open file '/tmp/w/repo/pond.score': [Errno 2] No such file or directory\n"
    assert call_hint(output, CODE).endswith("pond.score is a module of the project (pond/score.py), not a file: "
                                            "run it as python -m pond.score")
    assert call_hint("python: can't open file '/tmp/w/pond.scores': [Errno 2] No such file", CODE) == ""
