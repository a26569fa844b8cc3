"""UNFOUNDED through a whole session, as `smallops bench` records it: a scripted model (the replay
server speaking Ollama) is asked for a number the project's `site_score` works out (heldout30's c11)
and greps the data for it; its done is flagged, and with `verify` sent back told to run the code.
Run, the number's done is not flagged."""

from __future__ import annotations

from pathlib import Path

from ..bench_task import bench_task
from ..streams import turn

SCORE = '''import sys


def site_score(rows, pond):
    return len({species for where, species in rows if where == pond}) * 3


if __name__ == "__main__":
    rows = [line.strip().split(",") for line in open(sys.argv[1]) if line.strip()]
    print(site_score(rows, sys.argv[2]))
'''
FILES = {"pond/__init__.py": "", "pond/score.py": SCORE,
         "survey.csv": "Long Pond,newt\nLong Pond,beetle\nMill Pond,newt\n"}
QUESTION = ("Don't change anything, I just need a number for the committee: what biodiversity score does Long Pond "
            "get from the survey in survey.csv?")
CHECK = '''
def check(root, original, summary):
    return "6" in summary, "judged by the summary"
'''


async def _bench(tmp_path: Path, actions: list[dict], levers: tuple[str, ...] = ()) -> tuple[dict, list[dict]]:
    return await bench_task(tmp_path, FILES, QUESTION, CHECK, [turn(action) for action in actions], levers)


GREP = {"action": "run_command", "command": "grep -c 'Long Pond' survey.csv"}


async def test_a_number_read_off_the_data_is_unfounded_and_verify_says_to_run_the_code(tmp_path: Path) -> None:
    record, _ = await _bench(tmp_path / "plain", [GREP, {"action": "done", "summary": "The score is 2."}])
    assert "unfounded" in record["done_flags"], record["done_flags"]
    ran = {"action": "run_command", "command": "python3 -m pond.score survey.csv 'Long Pond'"}
    sent, requests = await _bench(tmp_path / "verify", [GREP, {"action": "done", "summary": "The score is 2."}, ran,
                                                         {"action": "done", "summary": "The score is 6."}],
                                  levers=("verify",))
    told = requests[2]["messages"][-1]["content"]
    assert "UNFOUNDED" in told and "site_score (pond/score.py)" in told and "run that function" in told, told
    assert sent["status"] == "passed" and sent["done_flags"] == [], sent
