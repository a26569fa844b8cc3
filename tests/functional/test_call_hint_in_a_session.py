"""`callhint` through a whole session, as `smallops bench` runs it: a scripted model (the replay
server speaking Ollama) calls the project's function with too few arguments, as heldout30's c11
did four times; with the lever the next request tells it the signature and the project's own call,
without it only the traceback."""

from __future__ import annotations

from pathlib import Path

from ..bench_task import bench_task
from ..replay_server import Reply
from ..streams import turn

SCORE = '''import sys


def site_score(rows, pond):
    return len({species for where, species in rows if where == pond}) * 3


def main():
    rows = [line.strip().split(",") for line in open(sys.argv[1]) if line.strip()]
    print(site_score(rows, sys.argv[2]))


if __name__ == "__main__":
    main()
'''
FILES = {"pond/__init__.py": "", "pond/score.py": SCORE, "survey.csv": "Long Pond,newt\nMill Pond,newt\n"}
QUESTION = "What score does Long Pond get from survey.csv?"
CHECK = '''
def check(root, original, summary):
    return "3" in summary, "judged by the summary"
'''
CALL = {"action": "run_command", "command": "python3 -c \"from pond.score import site_score; print(site_score('Long Pond'))\""}


async def test_a_call_with_too_few_arguments_is_answered_with_the_signature_and_the_projects_call(tmp_path: Path) -> None:
    def turns() -> list[Reply]:  # the server takes each reply as it sends it
        return [turn(CALL), turn({"action": "done", "summary": "The score is 3."})]

    _, requests = await bench_task(tmp_path / "on", FILES, QUESTION, CHECK, turns(), levers=("callhint",))
    told = requests[1]["messages"][-1]["content"]
    assert "missing 1 required positional argument: 'pond'" in told, told
    assert "site_score is defined in pond/score.py, line 4:\ndef site_score(rows, pond):" in told, told
    assert "rows = [line.strip().split(\",\") for line in open(sys.argv[1]) if line.strip()]" in told, told
    _, requests = await bench_task(tmp_path / "off", FILES, QUESTION, CHECK, turns())
    told = requests[1]["messages"][-1]["content"]
    assert "missing 1 required positional argument" in told and "def site_score" not in told, told
