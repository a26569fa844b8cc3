"""LEFT OUT through a whole session, as `smallops bench` records it: a scripted model (the replay
server speaking Ollama) is asked how many leaves a sign "gilded on both sides" needs (heldout31's
i11), runs the project's calculator without its `--both-sides` and answers with the one-side figure;
its done is flagged, and with `verify` sent back. Run with the option, the answer is not flagged."""

from __future__ import annotations

from pathlib import Path

from ..bench_task import bench_task
from ..streams import turn

LEAF = '''import argparse


def main(argv=None):
    ap = argparse.ArgumentParser(prog="signs.leaf")
    ap.add_argument("text")
    ap.add_argument("--both-sides", action="store_true")
    args = ap.parse_args(argv)
    sides = 2 if args.both_sides else 1
    print("%s, %s: %d leaves" % (args.text, "both sides" if sides == 2 else "one side", len(args.text) * sides))


if __name__ == "__main__":
    main()
'''
FILES = {"signs/__init__.py": "", "signs/leaf.py": LEAF}
QUESTION = ("How many leaves of gold will the sign need? It's LION, gilded on both sides of the board. I want the "
            "figure our leaf calculator gives; please don't change anything.")
CHECK = '''
def check(root, original, summary):
    return "8" in summary, "judged by the summary"
'''
ONE_SIDE = {"action": "run_command", "command": "python3 -m signs.leaf LION"}
BOTH = {"action": "run_command", "command": "python3 -m signs.leaf LION --both-sides"}


async def test_a_figure_from_runs_without_the_option_the_question_states_is_left_out(tmp_path: Path) -> None:
    record, _ = await bench_task(tmp_path / "plain", FILES, QUESTION, CHECK,
                                 [turn(ONE_SIDE), turn({"action": "done", "summary": "It needs 4 leaves."})])
    assert record["done_flags"] == ["left_out"], record["done_flags"]
    sent, requests = await bench_task(tmp_path / "verify", FILES, QUESTION, CHECK,
                                      [turn(ONE_SIDE), turn({"action": "done", "summary": "It needs 4 leaves."}),
                                       turn(BOTH), turn({"action": "done", "summary": "It needs 8 leaves."})],
                                      levers=("verify",))
    told = requests[2]["messages"][-1]["content"]
    assert "LEFT OUT" in told and 'speaks of "both sides"' in told and "passed --both-sides" in told, told
    assert sent["status"] == "passed" and sent["done_flags"] == [], sent
