"""ANSWER DIFFERS for which-name questions about a command (traced_command.py, code_reach.py): the
command found in the question, the trace read back, and the judgment on what it used or can reach.
Running the tracer for real, in the sandbox, is tests/functional/test_traced_answer_in_a_session.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.code_reach import CodeIndex, reached_names
from smallops_tui.agent.session.traced_command import (TRACER, Trace, TracedCommand, off_the_path, read_trace,
                                                        unreached_answer,
                                                        traced_command)

QUOTE = '''import argparse
from ice.designs import load_designs
from ice.pricing import blocks_pence, carving_pence

RUSH_PERCENT = 15


def event_price(design, days_notice):
    lines = [("blocks", blocks_pence(design)), ("carving", carving_pence(design))]
    subtotal = sum(p for _, p in lines)
    if days_notice < 7:
        lines.append(("rush", subtotal * RUSH_PERCENT // 100))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("design")
    args = parser.parse_args(argv)
    print(event_price(load_designs()[args.design], 3))


if __name__ == "__main__":
    main()
'''
PRICING = '''def blocks_pence(design):
    return design * 100


def carving_pence(design):
    return design * 50


def rush_fee(total, days_notice):
    return total // 10 if days_notice < 7 else 0
'''
DESIGNS = '''def load_designs(path="designs.csv"):
    return {"swan": 3}
'''
ORDER = '''from ice.designs import load_designs


def blocks_to_order(designs):
    return sum(designs)


def main():
    print(blocks_to_order(load_designs().values()))


if __name__ == "__main__":
    main()
'''
CODE = {"ice/__init__.py": "", "ice/quote.py": QUOTE, "ice/pricing.py": PRICING, "ice/designs.py": DESIGNS,
        "ice/order.py": ORDER}
QUESTION = ("Without changing anything: which function actually adds the rush surcharge when `python -m ice.quote` "
            "prices a job booked less than a week ahead?")


def _workspace(tmp_path: Path, files: dict[str, str]) -> Workspace:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return Workspace(tmp_path)


def test_the_command_a_which_question_quotes_is_found(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path, CODE | {"tools/run.py": "print(1)\n"})
    found = traced_command(QUESTION, workspace)
    assert found == TracedCommand("python -m ice.quote", "ice.quote", True, "ice/quote.py", ())
    asked = "Don't change anything: which file does python3 tools/run.py --wind 14 read its limits from?"
    assert traced_command(asked, workspace) == TracedCommand("python3 tools/run.py --wind 14", "tools/run.py", False,
                                                             "tools/run.py", ("--wind", "14"))


def test_a_command_quoted_bare_runs_as_the_readme_runs_it(tmp_path: Path) -> None:
    """heldout32's aa12 quoted `python -m walkies.plan` bare, which stops at its usage line: traced so,
    which file it reads went unjudged. The README's run of it gives the arguments, where they are
    files that exist or plain words, not placeholders."""
    readme = ("# ice\n\n    python -m ice.quote --help\n    python -m ice.quote --config x.ini swan\n"
              "    python -m ice.quote swan designs.csv   # a quote\n    python -m ice.order ORDERS.csv\n")
    workspace = _workspace(tmp_path, CODE | {"README.md": readme, "orders.csv": "x\n", "designs.csv": "swan\n"})
    which_file = "Which file does `python -m ice.quote` read the designs from? Don't change anything."
    # an option may read nothing (--help) or change what is read (--config): the first run without one
    assert traced_command(which_file, workspace) == TracedCommand("python -m ice.quote swan designs.csv", "ice.quote",
                                                                  True, "ice/quote.py", ("swan", "designs.csv"))
    # which function: the example need not take the path asked about; the code's reach is read instead
    assert traced_command(QUESTION, workspace) == TracedCommand("python -m ice.quote", "ice.quote", True,
                                                                "ice/quote.py", ())
    asked = "Which file does `python -m ice.order` read? Don't change anything."
    assert traced_command(asked, workspace) == TracedCommand("python -m ice.order", "ice.order", True, "ice/order.py", ())


@pytest.mark.parametrize("task", [
    "Which function adds the surcharge when `python -m pip install ice` runs? Don't change anything.",  # not the project's
    "Which function adds the surcharge? Don't change anything.",  # no command
    "Which function adds it in `python -m ice.quote` and in `python -m ice.order`? Don't change anything.",  # two
    "Make `python -m ice.quote` add the rush surcharge in a function of its own.",  # no question
])
def test_no_command_is_traced_for_others(tmp_path: Path, task: str) -> None:
    assert traced_command(task, _workspace(tmp_path, CODE)) is None


def test_the_trace_is_read_from_its_last_marker_line() -> None:
    body = '{"status": 0, "called": ["main", "event_price"], "ran": ["ice/quote.py"], "opened": ["designs.csv"]}'
    output = f"swan\nMARK:{{\"status\": 0, \"called\": [], \"ran\": [], \"opened\": []}}\nmore\nMARK:{body}\n"
    assert read_trace(output, "MARK:") == Trace(("main", "event_price"), frozenset({"ice/quote.py"}),
                                                frozenset({"designs.csv"}))
    assert read_trace("no marker at all\n", "MARK:") is None
    assert read_trace("\nMARK:{broken\n", "MARK:") is None
    assert read_trace('\nMARK:{"status": 2, "called": [], "ran": [], "opened": []}\n', "MARK:") is None
    assert read_trace('\nMARK:{"status": 0, "called": [1], "ran": [], "opened": []}\n', "MARK:") is None


TRACED = TracedCommand("python -m ice.quote swan", "ice.quote", True, "ice/quote.py", ("swan",))
RAN = Trace(("main", "event_price", "blocks_pence", "carving_pence", "load_designs"),
            frozenset({"ice/__init__.py", "ice/quote.py", "ice/pricing.py", "ice/designs.py"}), frozenset())


@pytest.mark.parametrize("summary", ["The rush fee is added by rush_fee in ice/pricing.py.",
                                     "blocks_to_order adds it."])
def test_a_function_the_command_never_calls_is_flagged(summary: str) -> None:
    said = off_the_path(QUESTION, TRACED, RAN, summary, CODE, CODE)
    assert said is not None and "never calls" in said and "event_price" in said, said


@pytest.mark.parametrize("summary", ["event_price in ice/quote.py adds it, not rush_fee.", "It is event_price().",
                                     "The surcharge is worked out inline; nothing is named."])
def test_a_function_it_calls_or_no_name_at_all_is_not_flagged(summary: str) -> None:
    assert off_the_path(QUESTION, TRACED, RAN, summary, CODE, CODE) is None


def test_where_the_command_did_not_run_clean_its_code_is_read_instead() -> None:
    """`python -m ice.quote` as quoted exits 2 (no design): the functions its imports name are read."""
    said = off_the_path(QUESTION, TRACED, None, "blocks_to_order adds the surcharge.", CODE, CODE)
    assert said is not None and "never reaches blocks_to_order" in said and "event_price" in said, said
    assert off_the_path(QUESTION, TRACED, None, "rush_fee does it.", CODE, CODE) is not None  # named by nothing run
    assert off_the_path(QUESTION, TRACED, None, "event_price does it.", CODE, CODE) is None
    assert off_the_path(QUESTION, TRACED, None, "main calls event_price.", CODE, CODE) is None


FILE_QUESTION = "Quick question, don't change anything: which file does `python -m rocketry.go --wind 14` read its limits from?"
GO = TracedCommand("python -m rocketry.go --wind 14", "rocketry.go", True, "rocketry/go.py", ("--wind", "14"))
FILES = ["rocketry/__init__.py", "rocketry/go.py", "rocketry/site.py", "limits.json", "range.json"]
GO_RAN = Trace(("main",), frozenset({"rocketry/__init__.py", "rocketry/go.py", "rocketry/site.py"}),
               frozenset({"range.json"}))


def test_a_file_the_command_never_opens_is_flagged() -> None:
    said = off_the_path(FILE_QUESTION, GO, GO_RAN, "They come from limits.json.", {}, FILES)
    assert said is not None and "never opens or imports limits.json" in said and "range.json" in said, said
    assert off_the_path(FILE_QUESTION, GO, GO_RAN, "From range.json, not limits.json.", {}, FILES) is None
    assert off_the_path(FILE_QUESTION, GO, GO_RAN, "rocketry/range.json", {}, FILES) is None  # a path is a name
    # The command's own file answers nothing about what it reads; a file is not judged unrun.
    assert off_the_path(FILE_QUESTION, GO, GO_RAN, "rocketry/go.py reads them.", {}, FILES) is None
    assert off_the_path(FILE_QUESTION, GO, None, "They come from limits.json.", {}, FILES) is None


def _reach(start: str, code: dict[str, str]) -> tuple[frozenset[str], frozenset[str]] | None:
    return reached_names(start, CodeIndex.of(code))


def test_code_reach_follows_imports_and_the_names_their_code_mentions() -> None:
    read = _reach("ice/quote.py", CODE)
    assert read is not None
    names, files = read
    assert files == {"ice/__init__.py", "ice/quote.py", "ice/designs.py", "ice/pricing.py"}  # packages run too
    assert {"event_price", "blocks_pence", "load_designs"} <= names
    assert "blocks_to_order" not in names and "rush_fee" not in names
    relative = {"pkg/__init__.py": "", "pkg/a.py": "from . import b\nb.go()\n", "pkg/b.py": "def go():\n    pass\n"}
    assert (_reach("pkg/a.py", relative) or ((), ()))[1] == {"pkg/a.py", "pkg/__init__.py", "pkg/b.py"}
    assert _reach("pkg/a.py", {"pkg/a.py": "def broken(:\n"}) is None  # the start not read: no judgment


@pytest.mark.parametrize(("code", "start", "reached"), [
    # registered by a decorator, found by nothing that names it
    ({"r/__init__.py": "", "r/main.py": "from r import rules\nprint(rules.RULES['rush'](1))\n",
      "r/rules.py": "RULES = {}\ndef register(n):\n    return lambda f: RULES.setdefault(n, f)\n"
                    "@register('rush')\ndef add_rush_surcharge(x):\n    return x\n"}, "r/main.py", "add_rush_surcharge"),
    # src layout, and a sibling import of a script's folder
    ({"src/ice/__init__.py": "", "src/ice/__main__.py": "from ice.pricing import event_price\nevent_price()\n",
      "src/ice/pricing.py": "def event_price():\n    pass\n"}, "src/ice/__main__.py", "event_price"),
    ({"tools/quote.py": "import pricing\npricing.event_price()\n", "tools/pricing.py": "def event_price():\n    pass\n"},
     "tools/quote.py", "event_price"),
])
def test_code_reach_counts_registered_definitions_and_finds_src_and_sibling_imports(
        code: dict[str, str], start: str, reached: str) -> None:
    read = _reach(start, code)
    assert read is not None and reached in read[0], read


def test_code_that_imports_or_looks_up_by_a_computed_name_may_reach_anything() -> None:
    dynamic = dict(CODE, **{"ice/quote.py": QUOTE + "\nimport importlib\nimportlib.import_module('ice.' + 'order')\n"})
    assert _reach("ice/quote.py", dynamic) is None
    looked_up = dict(CODE, **{"ice/quote.py": QUOTE + "\nkind = 'fee'\ngetattr(RUSH_PERCENT, 'rush_' + kind)\n"})
    assert _reach("ice/quote.py", looked_up) is None


def test_code_reach_reads_each_definition_once_however_they_are_ordered() -> None:
    """A chain of 3,000 functions each calling the one defined before it, the entry last: one pass."""
    chain = "def f0():\n    pass\n" + "".join(f"def f{i}():\n    f{i - 1}()\n" for i in range(1, 3000))
    read = _reach("c.py", {"c.py": chain + "f2999()\n"})
    assert read is not None and "f0" in read[0]


def test_the_tracer_notes_functions_called_modules_run_and_files_opened(tmp_path: Path) -> None:
    """The tracer program itself, run as the harness runs it but without the sandbox."""
    _workspace(tmp_path, CODE | {"designs.csv": "swan,3\n", "ice/designs.py": DESIGNS.replace(
        'return {"swan": 3}', 'open(path).close()\n    return {"swan": 3}')})
    done = subprocess.run([sys.executable, "-B", "-c", TRACER, "MARK:", "module", "ice.quote", "swan"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    trace = read_trace(done.stdout, "MARK:")
    assert trace is not None, done.stdout + done.stderr
    assert [name for name in trace.called if name in {"main", "event_price", "rush_fee", "blocks_to_order"}] == [
        "main", "event_price"]
    assert "ice/order.py" not in trace.ran and "ice/pricing.py" in trace.ran
    assert trace.opened >= {"designs.csv"} and not any("__pycache__" in rel for rel in trace.opened)
    failed = subprocess.run([sys.executable, "-B", "-c", TRACER, "MARK:", "module", "ice.quote"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert read_trace(failed.stdout, "MARK:") is None  # argparse exits 2: a partial run judges nothing


def test_with_no_command_quoted_an_answer_no_command_of_the_project_reaches_is_flagged() -> None:
    """heldout30's c12: "which function actually decides ..." answered with a look-alike nothing calls."""
    asked = "Which function actually adds the rush surcharge to a quote? Just tell me its name, don't change anything."
    said = unreached_answer(asked, "It's rush_fee in ice/pricing.py.", CODE)
    assert said is not None and "python -m ice.order, python -m ice.quote" in said and "event_price" in said, said
    assert unreached_answer(asked, "event_price adds it; rush_fee is never called.", CODE) is None
    assert unreached_answer(asked, "blocks_to_order", CODE) is None  # python -m ice.order reaches it
    # A name the summary sets aside is not its answer: the right one beside a denied look-alike is
    # not flagged, and the look-alike given beside a denied right one is.
    assert unreached_answer(asked, "round() does it; rush_fee has nothing to do with it.", CODE) is None
    said = unreached_answer(asked, "rush_fee adds it. event_price is not involved.", CODE)
    assert said is not None and "reaches rush_fee" in said, said
    library = {rel: text for rel, text in CODE.items() if rel not in ("ice/quote.py", "ice/order.py")}
    assert unreached_answer(asked, "It's rush_fee.", library) is None  # no command: a library's API is not judged
    assert unreached_answer("Rename rush_fee to surcharge.", "rush_fee", CODE) is None  # no question


def _trace(root: Path, *argv: str) -> Trace | None:
    done = subprocess.run([sys.executable, "-c", TRACER, "MARK:", *argv], cwd=root, capture_output=True, text=True,
                          timeout=60)
    return read_trace(done.stdout, "MARK:")


def test_the_tracer_keeps_its_own_modules_and_notes_a_file_by_its_link_and_its_target(tmp_path: Path) -> None:
    """A project's own `json` package does not stand in for the tracer's; a file read through a link is
    noted as spelled and where it leads."""
    _workspace(tmp_path, {"json/__init__.py": "dumps = None\n", "config/limits.prod.json": "{}\n",
                          "app/__init__.py": "", "app/go.py": "open('limits.json').close()\n"})
    (tmp_path / "limits.json").symlink_to(tmp_path / "config" / "limits.prod.json")
    trace = _trace(tmp_path, "module", "app.go")
    assert trace is not None and {"limits.json", "config/limits.prod.json"} <= trace.opened, trace


def test_work_handed_to_another_process_is_no_trace(tmp_path: Path) -> None:
    _workspace(tmp_path, {"app/__init__.py": "", "app/go.py": "import subprocess, sys\n"
                                                                "subprocess.run([sys.executable, '-c', 'pass'])\n"})
    assert _trace(tmp_path, "module", "app.go") is None


def test_a_module_of_the_standard_library_is_not_traced_whatever_the_project_holds(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path, {"json/__init__.py": "", "json/tool.py": "print(1)\n"})
    asked = "Don't change anything: which function does `python -m json.tool data.json` call?"
    assert traced_command(asked, workspace) is None


def test_a_script_spelled_another_way_is_the_project_file_it_names(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path, {"tools/run.py": "print(1)\n"})
    for spelled in (f"{tmp_path}/tools/run.py", "tools/../tools/run.py", "tools//run.py"):
        found = traced_command(f"Don't change anything: which function does `python {spelled}` call?", workspace)
        assert found is not None and found.script == "tools/run.py", spelled
    assert traced_command("Don't change anything: which function does `python ../run.py` call?", workspace) is None
