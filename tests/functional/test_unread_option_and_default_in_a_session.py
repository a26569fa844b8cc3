"""UNREAD OPTION, DEFAULT CHANGED and HINTS CONTRADICTED through a whole session, as `smallops bench` records them: a
scripted model (the replay server speaking Ollama) adds an option it never reads (heldout19's
q06), or sets a value under the defaults every section reads where the task names one section
(heldout19's q01), and says done; the record's done_flags name the check. The right change, made
the same way, is not flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.sandbox.confine import resolve_sandbox

from ..bench_task import bench_task
from ..streams import turn

CLI = '''import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="boot")
    parser.add_argument("--stall")
{added}    args = parser.parse_args(argv)
    for item in [("mug", 0.99), ("lamp", 3.5)]:
        {guard}print(item[0])
    return 0
'''
PRESS = '''[defaults]
start = "08:00"
bottle_ml = 500

[days.saturday]
start = "09:00"

[days.sunday]
start = "10:00"
'''
needs_sandbox = pytest.mark.skipif(not resolve_sandbox("auto", False, (), None).confined,
                                   reason="no sandbox here (neither Landlock nor bwrap): the tests are not run at done")
CHECK = '''
def check(root, original, summary):
    return False, "judged by the flags in this test"
'''


async def _bench(tmp_path: Path, prompt: str, files: dict[str, str], path: str, content: str) -> dict:
    turns = [turn({"action": "write_file", "path": path, "content": content}),
             turn({"action": "done", "summary": "Done as asked."})]
    record, _ = await bench_task(tmp_path, files, prompt, CHECK, turns)
    return record


OPTION_TASK = "Add a --max-price option to the command line so I can list only the items at or under a price."


async def test_an_option_nothing_reads_is_flagged(tmp_path: Path) -> None:
    start = {"boot/cli.py": CLI.format(added="", guard="")}
    unread = CLI.format(added='    parser.add_argument("--max-price", type=float)\n', guard="")
    record = await _bench(tmp_path, OPTION_TASK, start, "boot/cli.py", unread)
    assert "unread_option" in record["done_flags"], record["done_flags"]


async def test_an_option_read_is_not_flagged(tmp_path: Path) -> None:
    start = {"boot/cli.py": CLI.format(added="", guard="")}
    read = CLI.format(added='    parser.add_argument("--max-price", type=float)\n',
                      guard="if args.max_price is None or item[1] <= args.max_price:\n            ")
    record = await _bench(tmp_path, OPTION_TASK, start, "boot/cli.py", read)
    assert "unread_option" not in record["done_flags"], record["done_flags"]


SUNDAY_TASK = "From now on Sunday's pressing goes into 330 ml bottles; nothing else changes. Update press.toml."


async def test_a_default_changed_for_one_named_section_is_flagged(tmp_path: Path) -> None:
    record = await _bench(tmp_path, SUNDAY_TASK, {"press.toml": PRESS}, "press.toml",
                          PRESS.replace("bottle_ml = 500", "bottle_ml = 330"))
    assert "default_changed" in record["done_flags"], record["done_flags"]


async def test_the_named_section_changed_is_not_flagged(tmp_path: Path) -> None:
    record = await _bench(tmp_path, SUNDAY_TASK, {"press.toml": PRESS}, "press.toml",
                          PRESS.replace('start = "10:00"\n', 'start = "10:00"\nbottle_ml = 330\n'))
    assert "default_changed" not in record["done_flags"], record["done_flags"]


PLAIN = "def hot_days(log, threshold=55.0):\n    return [day for day, temp in log if temp >= threshold]\n"
HINT_TESTS = ("import unittest\nfrom heap.temps import hot_days\n\n\nclass T(unittest.TestCase):\n"
              "    def test_hot(self):\n        self.assertEqual(hot_days([('Mon', 48.0), ('Tue', 57.5)]), ['Tue'])\n")


@needs_sandbox
@pytest.mark.parametrize(("day", "flagged"), [("int", True), ("str", False)])
async def test_hints_the_tests_contradict_are_flagged_at_done(day: str, flagged: bool, tmp_path: Path) -> None:
    """HINTS CONTRADICTED through a session (heldout19's q04: days hinted int, logged as 'Mon')."""
    hinted = PLAIN.replace("(log, threshold=55.0)", f"(log: list[tuple[{day}, float]], threshold: float = 55.0)"
                           f" -> list[{day}]")
    files = {"heap/__init__.py": "", "heap/temps.py": PLAIN, "tests/test_temps.py": HINT_TESTS}
    record = await _bench(tmp_path, "Add type hints to every function in heap/temps.py.", files, "heap/temps.py", hinted)
    assert ("hints_contradicted" in record["done_flags"]) is flagged, record["done_flags"]
