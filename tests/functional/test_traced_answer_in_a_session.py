"""ANSWER DIFFERS for a which-name question about a command, through a whole session as `smallops
bench` records it: a scripted model (the replay server speaking Ollama) is asked which file
`python -m rocketry.go --wind 14` reads its limits from (heldout29's b08), or which function adds
the rush surcharge when `python -m ice.quote` prices a job (heldout28's a12). The command, run
read-only in the session's sandbox under the tracer, reads range.json and calls event_price; an
answer naming only what it never uses is flagged, and with `verify` the model hears what it used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent.sandbox.confine import resolve_sandbox

from ..bench_task import bench_task
from ..streams import turn
from ..unit.test_traced_command import CODE

GO = '''import argparse
import json

from rocketry.site import RANGE_FILE


def load_limits(path="limits.json"):
    with open(path) as f:
        return json.load(f)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--wind", type=float, required=True)
    parser.add_argument("--limits", default=RANGE_FILE)
    args = parser.parse_args(argv)
    limits = load_limits(args.limits)
    print("GO" if args.wind <= limits["wind"] else "NO GO")


if __name__ == "__main__":
    main()
'''
ROCKETRY = {"rocketry/__init__.py": "", "rocketry/go.py": GO, "rocketry/site.py": 'RANGE_FILE = "range.json"\n',
            "limits.json": '{"wind": 20}\n', "range.json": '{"wind": 15}\n'}
FILE_QUESTION = ("Quick question, don't change anything: when I run `python -m rocketry.go --wind 14` without --limits, "
                 "which file do the limits come from?")
FUNCTION_QUESTION = ("Without changing anything: which function actually adds the rush surcharge when "
                     "`python -m ice.quote` prices a job booked less than a week ahead?")
CHECK = '''
def check(root, original, summary):
    return False, "judged by the flags in these tests"
'''
needs_sandbox = pytest.mark.skipif(not resolve_sandbox("auto", False, (), None).read_only_workspace().network_denied,
                                   reason="no sandbox here that blocks the network (bwrap, or Landlock ABI 4+): nothing unapproved runs at done")


async def _bench(tmp_path: Path, files: dict[str, str], question: str, summaries: list[str],
                 levers: tuple[str, ...] = ()) -> tuple[dict, list[dict]]:
    turns = [turn({"action": "done", "summary": summary}) for summary in summaries]
    return await bench_task(tmp_path, files, question, CHECK, turns, levers)


def _flag(record: dict) -> str:
    log = [json.loads(line) for line in Path(record["log"]).read_text().splitlines()]
    proposed = [event for event in log if event.get("type") == "action_proposed"]
    return "\n".join(flag["message"] for flag in proposed[-1]["flags"] if flag["kind"] == "answer_differs")


@needs_sandbox
async def test_a_file_the_command_never_opens_is_flagged_and_the_right_one_is_not(tmp_path: Path) -> None:
    record, _ = await _bench(tmp_path / "wrong", ROCKETRY, FILE_QUESTION, ["They come from limits.json."])
    assert "answer_differs" in record["done_flags"], record["done_flags"]
    assert "never opens or imports limits.json" in _flag(record) and "range.json" in _flag(record)
    right, _ = await _bench(tmp_path / "right", ROCKETRY, FILE_QUESTION, ["From range.json (RANGE_FILE)."])
    assert "answer_differs" not in right["done_flags"], right["done_flags"]


@needs_sandbox
async def test_a_function_off_the_commands_path_is_flagged_and_verify_sends_back_what_it_reaches(
        tmp_path: Path) -> None:
    """`python -m ice.quote` as quoted exits 2 (no design given): its code is read instead."""
    record, requests = await _bench(tmp_path, CODE, FUNCTION_QUESTION,
                                    ["blocks_to_order adds it.", "event_price adds it."], levers=("verify",))
    told = requests[1]["messages"][-1]["content"]
    assert "ANSWER DIFFERS" in told and "never reaches blocks_to_order" in told and "event_price" in told, told
    assert "answer_differs" not in record["done_flags"], record["done_flags"]


async def test_with_no_command_quoted_an_answer_no_command_reaches_is_flagged(tmp_path: Path) -> None:
    """heldout30's c12 asked which function "actually decides" and named no command: the project's
    commands (modules run as scripts) are read for what they reach. No sandbox is needed to read."""
    question = "Which function actually adds the rush surcharge? Just tell me its name, please don't change any code."
    record, _ = await _bench(tmp_path / "wrong", CODE, question, ["It's rush_fee."])
    assert "answer_differs" in record["done_flags"] and "no command of the project" in _flag(record), record
    right, _ = await _bench(tmp_path / "right", CODE, question, ["It's event_price."])
    assert right["done_flags"] == [], right["done_flags"]
