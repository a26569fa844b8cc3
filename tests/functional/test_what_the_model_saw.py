"""What the model saw: a read the model is not sent whole says so on screen (which lines went, how
many characters were cut) and how much of the context window it takes; a large read not cut still
says its share of the window. (A newcomer's README read said "1063 lines" while the model got
12,000 of 88,000 characters, and the next turn took 45 s.)"""

from __future__ import annotations

from smallops_tui.agent import Workspace
from smallops_tui.agent.session.executors import _read_for_model
from smallops_tui.agent.session.prompts import MAX_FEEDBACK_CHARS, clipped

from ..harness import run_app
from ..streams import turn
from ..typed import panes_of

BIG = "".join(f"line {n} " + "x" * 80 + "\n" for n in range(1, 1064))  # 1,063 lines, 95,626 characters


def test_a_cut_says_which_lines_were_sent_and_how_much_was_left_out() -> None:
    sent, cut = clipped(BIG)
    assert cut is not None and len(sent) < len(BIG)
    head, tail = sent.split("\n[... ", 1)[0], sent.rsplit(" omitted ...]\n", 1)[1]
    assert head.splitlines()[-1].startswith("line 68 ") and tail.startswith(" 998 ")  # lines 68 and 998, cut through
    assert (cut.head_lines, cut.tail_from, cut.total_lines) == (68, 998, 1063)
    assert cut.describe() == ("the model was sent lines 1–68 and 998–1,063 (12,000 of 95,626 characters; the 83,626 "
                              "between were cut)")
    assert clipped("short\n") == ("short\n", None)


def test_a_read_says_what_it_cost_of_the_context_window(tmp_path) -> None:
    (tmp_path / "README.md").write_text(BIG)
    (tmp_path / "small.txt").write_text("one line\n")
    (tmp_path / "mid.txt").write_text("y" * 4000 + "\n")
    workspace = Workspace(tmp_path)
    summary, feedback = _read_for_model(workspace, "README.md", 8192)
    tokens = (len(feedback) + 3) // 4 + 4
    assert summary == ("read README.md: 1,063 lines; the model was sent lines 1–68 and 998–1,063 (12,000 of 95,626 "
                       f"characters; the 83,626 between were cut); about {tokens:,} tokens, "
                       f"{tokens / 8192:.0%} of the 8,192-token context window")
    assert len(feedback) < MAX_FEEDBACK_CHARS + 200
    assert _read_for_model(workspace, "small.txt", 8192)[0] == "read small.txt: 1 line"  # nothing worth saying
    assert _read_for_model(workspace, "mid.txt", 8192)[0].endswith("12% of the 8,192-token context window")
    assert _read_for_model(workspace, "mid.txt", None)[0] == "read mid.txt: 1 line"  # no window, no share to tell
    assert "about" in _read_for_model(workspace, "README.md", None)[0]  # cut: its size is said anyway


async def test_the_screen_says_what_the_model_was_sent(workspace, tmp_path) -> None:
    (workspace.root / "BIG.md").write_text(BIG)
    turns = [turn({"action": "read_file", "path": "BIG.md"}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path, config_options={"context_window": 8192}) as h:
        await h.approve(1)
        await h.proposal(2)
        shown = "\n".join(panes_of(h.app).conversation_texts())
    assert "read BIG.md: 1,063 lines; the model was sent lines 1–68 and 998–1,063" in shown
    assert "of the 8,192-token context window" in shown
