"""ANSWER DIFFERS for which-name questions about a command (traced_command.py, code_reach.py): the
command found in the question, the trace read back, and the judgment on what it used or can reach.
Running the tracer for real, in the sandbox, is tests/functional/test_traced_answer_in_a_session.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.code_reach import reached_names
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


def test_code_reach_follows_imports_and_the_names_their_code_mentions() -> None:
    names, files = reached_names("ice/quote.py", CODE)
    assert files == {"ice/__init__.py", "ice/quote.py", "ice/designs.py", "ice/pricing.py"}  # packages run too
    assert {"event_price", "blocks_pence", "load_designs"} <= names
    assert "blocks_to_order" not in names and "rush_fee" not in names
    relative = {"pkg/__init__.py": "", "pkg/a.py": "from . import b\nb.go()\n", "pkg/b.py": "def go():\n    pass\n"}
    assert reached_names("pkg/a.py", relative)[1] == {"pkg/a.py", "pkg/__init__.py", "pkg/b.py"}
    assert reached_names("pkg/a.py", {"pkg/a.py": "def broken(:\n"}) == (frozenset(), frozenset())


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
    library = {rel: text for rel, text in CODE.items() if rel not in ("ice/quote.py", "ice/order.py")}
    assert unreached_answer(asked, "It's rush_fee.", library) is None  # no command: a library's API is not judged
    assert unreached_answer("Rename rush_fee to surcharge.", "rush_fee", CODE) is None  # no question
