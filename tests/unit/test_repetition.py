"""A reply fallen into a loop (agent/reply/repetition.py): found in the text a model looped in,
and never in real files' text."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, strategies as st

from smallops_tui.agent.reply.repetition import BLANK_SPAN, LOOP_REPEATS, LOOP_SPAN, Loop, looping_tail

METHODS = ("    def get_tokens(self, amount):\n        if amount > self.tokens:\n"
           "            raise ValueError('Insufficient tokens')\n        self.tokens -= amount\n        return amount\n\n"
           "    def is_empty(self):\n        return self.tokens == 0\n\n")


def test_a_block_repeated_to_the_limit_is_a_loop_and_its_block_is_the_shortest() -> None:
    head = '{"action": "write_file", "path": "ratelimit/bucket.py", "content": "class TokenBucket:\\n'
    loop = looping_tail(head + METHODS * 9)
    assert loop == Loop(len(METHODS), 9)
    assert loop.sentence() == f"the reply repeated the same {len(METHODS)} characters 9 times in a row"


def test_repeats_short_of_the_bounds_are_no_loop() -> None:
    assert looping_tail(METHODS * (LOOP_REPEATS - 1)) is None  # three times: a real file may hold that
    assert looping_tail("x = 1\n" * 160) is None  # 960 characters: under LOOP_SPAN
    assert looping_tail("    assert parse('a') == 'a'\n" * 30) is None  # 30 lines of 29: under LOOP_SPAN


def test_line_breaks_alone_are_a_loop_sooner_and_spaces_are_not() -> None:
    """heldout14's x05 wrote `\\n` 588 times in a row, 1,400 characters a reply, four replies."""
    head = '{"action": "write_file", "path": "groomroom/slots.py", "content": "SLOT_MINUTES=45\\n'
    escaped = looping_tail(head + "\\n" * (BLANK_SPAN // 2))
    assert escaped is not None and escaped.repeats * escaped.block >= BLANK_SPAN
    assert looping_tail(head + "\n" * BLANK_SPAN) is not None  # raw line breaks, as a fenced write sends them
    assert looping_tail(head + "\\n" * (BLANK_SPAN // 2 - 13)) is None  # under BLANK_SPAN
    assert looping_tail("name" + " " * (LOOP_SPAN - 8) + "x") is None  # a fixed-width table's padding
    assert looping_tail("a" + " " * (LOOP_SPAN - 24)) is None


@given(st.text(min_size=0, max_size=3_000))
def test_text_with_a_changing_tail_is_no_loop(text: str) -> None:
    numbered = "".join(f"row {i}: {text[:20]!r}\n" for i in range(200))  # alike, never the same
    assert looping_tail(text + numbered) is None


def test_no_file_of_this_project_reads_as_a_loop_at_any_point() -> None:
    root = Path(__file__).resolve().parents[2]
    for path in [*root.glob("smallops_tui/**/*.py"), *root.glob("docs/*.md"), *root.glob("tests/data/*.json")]:
        text = path.read_text(encoding="utf-8")
        for end in range(1_000, len(text) + 200, 200):
            assert looping_tail(text[:end]) is None, (path, end)


def test_a_short_field_run_on_into_a_whole_reasoning_block_is_stopped_and_content_is_not() -> None:
    """A new user's done summary ran on inside its string into <think> blocks for two minutes."""
    from smallops_tui.agent.reply.repetition import RanOn, reasoning_in_field

    ran_on = '{"action": "done", "summary": "The README mentions `smallops "TASK"`.`} <think>I realise.</think>'
    assert reasoning_in_field(ran_on) == RanOn("summary")
    assert "summary" in RanOn("summary").sentence()
    assert reasoning_in_field(ran_on.removesuffix("</think>")) is None  # a block not yet whole
    assert reasoning_in_field('{"action": "run_command", "command": "ls <think> x </think>') == RanOn("command")
    code = '{"action": "write_file", "path": "a.py", "content": "TAGS = (\\"<think>\\", \\"</think>\\")\\n'
    assert reasoning_in_field(code) is None  # a file's content may hold the tags
    assert reasoning_in_field("<think>plan</think> {") is None  # reasoning before the action
    # where the backend's splitter took the closing tag out, the opening one in the field is enough
    from smallops_tui.agent.reply.repetition import reasoning_in_field as ran
    assert ran('{"action": "done", "summary": "x`} <think>I realise.', closed=True) == RanOn("summary")
    assert ran('{"action": "done", "summary": "x', closed=True) is None
    # every reasoning tag the splitter knows, not only <think>
    assert ran('{"action": "done", "summary": "x <reasoning>so</reasoning>') == RanOn("summary")


def test_a_content_run_on_past_a_closing_tag_into_a_new_action_is_stopped_and_a_files_own_text_is_not() -> None:
    """heldout31's i06: a README section, then `</think> {"action": "write_file", …` inside the content's
    string (its quotes unescaped), and the section again, to the answer limit."""
    from smallops_tui.agent.reply.repetition import RanOn, action_in_content

    head = '{"action": "write_file", "path": "README.md", "content": "## Sorting\\n\\nUse --sort name.'
    ran_on = head + '</think> {"action": "write_file", "path": "README.md", "content": "## Sorting'
    assert action_in_content(ran_on) == RanOn("content")
    assert "ran on past </think> into a new action" in RanOn("content").sentence()
    assert action_in_content(head + "</think> more words") is None  # no action after the tag (yet)
    # a file's own text with the tag and an action in it, its quotes escaped as JSON has them
    code = head + 'SAMPLE = \\"</think> {\\\\\\"action\\\\\\": \\\\\\"done\\\\\\"}\\"\\n'
    assert action_in_content(code) is None
    assert action_in_content(head + 'x = \\"</think> {\\"action\\": 1}\\"') is None
    assert action_in_content('<think>plan</think> {"action": "done", "summary": "x"}') is None  # no content
