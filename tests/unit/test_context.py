"""The context alarm's rules: the token estimate, the truncation check (a cache hit is not a
truncation), and the drop-oldest rule."""

from __future__ import annotations

from smallops_tui.agent.session.context import drop_oldest, estimate_tokens, truncation_suspected, used_tokens
from smallops_tui.agent.session.context_events import context_checked
from smallops_tui.agent.session.context import ContextWindow
from smallops_tui.ui.meters import context_gauge, reasoning_meter


def test_the_estimate_is_chars_over_four_plus_four_per_message() -> None:
    assert estimate_tokens([{"role": "user", "content": "x" * 400}]) == 104
    assert estimate_tokens([{"role": "user", "content": "abc"}, {"role": "assistant", "content": ""}]) == 1 + 4 + 4
    assert estimate_tokens([{"role": "user", "content": 42}]) == 4  # hostile: not text, counts as empty


def test_truncation_needs_a_prompt_over_the_window_and_a_count_within_it() -> None:
    assert truncation_suspected(3000, 2048, 2048)  # Ollama kept num_ctx of it
    assert truncation_suspected(3000, 1500, 2048)
    assert not truncation_suspected(1800, 40, 2048)  # a cache hit: only new tokens reported, the prompt fit
    assert not truncation_suspected(3000, 3100, 4096)  # fit
    assert not truncation_suspected(2100, 2000, 2048)  # over by an estimate's error: the server counted 95% of it
    assert not truncation_suspected(3000, None, 2048)  # nothing reported: nothing claimed
    assert not truncation_suspected(3000, 100, None)  # no window: nothing claimed
    assert not truncation_suspected(5000, 5000, 4096)  # counted more than the window: it was not cut to it


def test_used_is_the_larger_of_the_estimate_and_the_count() -> None:
    assert used_tokens(1000, 12) == 1000
    assert used_tokens(1000, 1300) == 1300
    assert used_tokens(1000, None) == 1000


def test_a_check_warns_at_80_percent_and_says_so_once() -> None:
    window = ContextWindow(1000, "test")
    first = context_checked(1, 810, 800, window)
    assert first.warning and first.crossed and first.percent == 81.0
    again = context_checked(2, 850, 840, window, warned_before=True)
    assert again.warning and not again.crossed
    below = context_checked(3, 700, 690, window, warned_before=True)
    assert not below.warning and not below.crossed
    assert context_gauge(first) == "⚠ ctx 810/1,000 (81%)"
    assert context_gauge(below) == "ctx 700/1,000 (70%)"
    assert context_gauge(None, 4096) == "ctx ?/4,096"
    assert reasoning_meter(12, 500) == "reasoning 12/500 tok"
    assert reasoning_meter(0, None) == ""


def conversation(turns: int, size: int = 400) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": "s" * size}, {"role": "user", "content": "the task"}]
    for n in range(turns):
        messages += [{"role": "assistant", "content": f"reply {n} " + "r" * size},
                     {"role": "user", "content": f"feedback {n} " + "f" * size}]
    return messages


def test_drop_oldest_keeps_the_system_prompt_the_task_and_the_last_turns() -> None:
    messages = conversation(10)
    window = int(estimate_tokens(messages) / 0.95)  # 95% full: past the 90% the rule acts at
    kept, dropped = drop_oldest(messages, window, keep_turns=3)
    assert dropped is not None
    assert kept[:2] == messages[:2]
    assert kept[-6:] == messages[-6:]
    assert estimate_tokens(kept) <= 0.9 * window
    assert dropped.indices == (2, 3)  # one whole turn, the oldest
    assert dropped.descriptions[0].startswith("assistant, 408 chars: reply 0 rrr")
    assert (dropped.estimate_before, dropped.estimate_after) == (estimate_tokens(messages), estimate_tokens(kept))


def test_drop_oldest_does_nothing_under_90_percent_or_with_nothing_droppable() -> None:
    messages = conversation(4)
    assert drop_oldest(messages, estimate_tokens(messages) * 2)[1] is None
    small = conversation(2)
    assert drop_oldest(small, 10, keep_turns=3)[1] is None  # every message is protected
