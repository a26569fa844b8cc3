"""The `merge` lever through a bench run (the replay server speaking Ollama): a whole-file write of
a Python file holding only the function the task asks for is proposed as the whole file with that
function put in place, the person approves exactly that, and it is what lands on disk. Without
the lever the same reply is refused by `dropped` and the task fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent import read_log

from ..replay_server import ReplayServer
from ..streams import turn
from smallops_tui.agent.log.events import ActionProposed
from ..typed import of

STATS = ('"""Small statistics."""\nimport math\n\n\ndef mean(values):\n    return sum(values) / len(values)\n\n\n'
         "def stdev(values):\n    m = mean(values)\n    return math.sqrt(sum((v - m) ** 2 for v in values) / len(values))\n")
MEDIAN = ("def median(values):\n    s = sorted(values)\n    n = len(s)\n"
          "    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n")
CHECK = '''
import subprocess, sys
def check(root, original, summary):
    code = "from stats import mean, median, stdev; assert median([3, 1, 2]) == 2 and median([1, 2, 3, 4]) == 2.5; print(mean([1, 3]), stdev([1, 1]))"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=20,
                         env={"PYTHONPATH": str(root)})
    return out.returncode == 0, (out.stdout + out.stderr).strip()[-300:]
'''


def _tasks(root: Path) -> Path:
    task = root / "tasks" / "median"
    (task / "repo").mkdir(parents=True)
    (task / "repo" / "stats.py").write_text(STATS)
    (task / "prompt.txt").write_text("Add a median() function to stats.py.")
    (task / "check.py").write_text(CHECK)
    return task.parent


async def _bench(tmp_path: Path, levers: tuple[str, ...], content: str = MEDIAN, again: int = 0) -> tuple[dict, list]:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    turns = [turn({"action": "write_file", "path": "stats.py", "content": content})] * (1 + again) + [
        turn({"action": "done", "summary": "Added median to stats.py."})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=len(turns), wall_cap=60,
                               levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, _tasks(tmp_path)), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
    return record, read_log(record["log"]).events


async def test_a_fragment_is_proposed_whole_and_written_as_approved(tmp_path: Path) -> None:
    record, events = await _bench(tmp_path, ("merge", "dropped"))
    [write] = [e for e in of(events, ActionProposed) if e.action["action"] == "write_file"]
    assert write.action["content"] == STATS + "\n\n" + MEDIAN  # the whole file, the function at its end
    assert [r.kind for r in write.repairs] == ["fragment_merged"]
    assert "put in place, the rest of the file kept" in write.repairs[0].detail
    assert record["status"] == "passed", record["check"]


async def test_a_fragment_sent_again_once_merged_is_answered_as_made_not_as_dropping(tmp_path: Path) -> None:
    """heldout10's t02: the same fragment, sent again after it was merged, was answered by `dropped`
    ("that edit removes total_weight, ..."), and the model said done "removing" them. Merged, it is the
    file as it is, and `again` answers it."""
    from smallops_tui.agent.log.events import Notice

    record, events = await _bench(tmp_path, ("merge", "dropped", "noop", "again"), again=1)
    notes = [e.text for e in of(events, Notice)]
    assert any(n.startswith("again: the model's edit of stats.py repeats a change it made at step 1") for n in notes), notes
    assert not any(n.startswith("dropped") for n in notes)
    assert record["status"] == "passed", record["check"]


async def test_mergeconfig_leaves_a_python_fragment_as_sent(tmp_path: Path) -> None:
    """mergeconfig merges configuration files only: a Python fragment is refused by `dropped` as
    without any merge (on held-out sets, merged Python fragments landed wrong code)."""
    record, events = await _bench(tmp_path, ("mergeconfig", "dropped"))
    assert not [e for e in of(events, ActionProposed) if e.action["action"] == "write_file"]
    assert record["status"] == "failed"


async def test_without_the_lever_the_fragment_is_refused(tmp_path: Path) -> None:
    record, events = await _bench(tmp_path, ("dropped",))
    assert not [e for e in of(events, ActionProposed) if e.action["action"] == "write_file"]
    assert record["status"] == "failed"


async def test_a_fragment_in_a_markdown_fence_is_unwrapped_then_put_in_place(tmp_path: Path) -> None:
    """heldout9's s02: `pace_per_km` alone, in a ```python fence. `form` takes the fence away first,
    so `merge` reads the fragment as code (merged before, the fenced text never parsed)."""
    record, events = await _bench(tmp_path, ("merge", "form", "dropped"), "```python\n" + MEDIAN + "```")
    [write] = [e for e in of(events, ActionProposed) if e.action["action"] == "write_file"]
    assert write.action["content"] == STATS + "\n\n" + MEDIAN
    assert [r.kind for r in write.repairs] == ["markdown_fence_removed", "fragment_merged"]
    assert record["status"] == "passed", record["check"]


SETTINGS = ('{\n  "name": "Harbour Bunks",\n  "checkin": {"from": "15:00", "until": "22:00"},\n'
            '  "checkout": {"by": "10:00", "late_fee": 8},\n  "stay": {"min_nights": 1, "max_nights": 14}\n}\n')
SETTINGS_CHECK = '''
import json
def check(root, original, summary):
    got = json.loads((root / "settings.json").read_text())
    want = {"name": "Harbour Bunks", "checkin": {"from": "15:00", "until": "22:00"},
            "checkout": {"by": "10:00", "late_fee": 10}, "stay": {"min_nights": 1, "max_nights": 14}}
    return got == want, repr(got)
'''


async def _settings_bench(tmp_path: Path, levers: tuple[str, ...], name: str = "settings.json", start: str = SETTINGS,
                          fragment: str = '{"checkout":{"by":"10:00","late_fee":10}}',
                          check: str = SETTINGS_CHECK) -> tuple[dict, list]:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    task = tmp_path / "tasks" / "fee"
    (task / "repo").mkdir(parents=True)
    (task / "repo" / name).write_text(start)
    (task / "prompt.txt").write_text(f"Late checkout should cost 10 instead of 8; please update {name}.")
    (task / "check.py").write_text(check)
    turns = [turn({"action": "write_file", "path": name, "content": fragment}),
             turn({"action": "done", "summary": "The late fee is 10."})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-non-high", step_cap=2,
                               wall_cap=60, levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, task.parent), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    return record, read_log(record["log"]).events


SETTINGS_INI = "[checkin]\nfrom = 15:00\n\n[checkout]\nby = 10:00\nlate_fee = 8\n\n[stay]\nmax_nights = 14\n"
INI_CHECK = '''
import configparser
def check(root, original, summary):
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string((root / "settings.ini").read_text())
    got = {name: dict(parser[name]) for name in parser.sections()}
    want = {"checkin": {"from": "15:00"}, "checkout": {"by": "10:00", "late_fee": "10"}, "stay": {"max_nights": "14"}}
    return got == want, repr(got)
'''
CASES = {
    "json": ("settings.json", SETTINGS, '{"checkout":{"by":"10:00","late_fee":10}}', SETTINGS_CHECK,
             SETTINGS.replace('"late_fee": 8', '"late_fee": 10')),
    "ini": ("settings.ini", SETTINGS_INI, "[checkout]\nby = 10:00\nlate_fee = 10\n", INI_CHECK,
            SETTINGS_INI.replace("late_fee = 8", "late_fee = 10")),
}


@pytest.mark.parametrize("kind", CASES)
async def test_a_config_section_sent_alone_is_proposed_as_the_file_with_that_change(tmp_path: Path, kind: str) -> None:
    """heldout9's s03 (JSON) and heldout10's t04 (INI): the section the model changed, sent as the
    whole file. With `merge` the person is shown (and approves) the file with that one value changed;
    without it the write wipes the file, the risk rules call it HIGH, and approve-non-high rejects it."""
    name, start, fragment, check, expected = CASES[kind]
    for lever in ("merge", "mergeconfig"):  # mergeconfig: merge for configuration files only
        record, events = await _settings_bench(tmp_path / lever, (lever, "form"), name, start, fragment, check)
        [write] = [e for e in of(events, ActionProposed) if e.action["action"] == "write_file"]
        assert write.action["content"] == expected and record["status"] == "passed", lever
    assert [r.kind for r in write.repairs] == ["fragment_merged"] and write.verdict.level != "HIGH"
    assert record["status"] == "passed", record["check"]
    unmerged, events = await _settings_bench(tmp_path / "b", ("form",), name, start, fragment, check)
    [write] = [e for e in of(events, ActionProposed) if e.action["action"] == "write_file"]
    assert write.verdict.level == "HIGH" and unmerged["status"] == "failed"
