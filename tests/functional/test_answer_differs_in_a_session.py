"""ANSWER DIFFERS through a whole session, as `smallops bench` records it: a scripted model (the
replay server speaking Ollama) is asked what one call of the project returns (heldout20's r12) and
says done with a value; the call, run read-only in the session's sandbox, returns 2649. A wrong
value is flagged with the real one; the right value, in pence or in pounds, is not. With `verify`
the model is sent back with the value the call returned."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.sandbox.confine import resolve_sandbox

from ..bench_task import bench_task
from ..streams import turn

ORDERS = '''PRICES = {"pepperoni": 1050, "margherita": 850, "veggie": 800, "garlic bread": 450}


def order_total(items, coupon=None, delivery=False):
    """The total in pence: with TWOFOR1 the cheapest pizza is free."""
    pizzas = sorted(PRICES[i] for i in items if i != "garlic bread")
    free = pizzas[0] if coupon == "TWOFOR1" and len(pizzas) >= 2 else 0
    total = sum(PRICES[i] for i in items) - free
    return total + (299 if delivery and total < 2500 else 0)


def delivery_slot(day, hour=18):
    """The slot a delivery on `day` (a datetime.date) at `hour` is booked under."""
    return "%s-%02d" % (day.strftime("%a"), hour)
'''
QUESTION = ('Without changing anything, can you tell me what `order_total(["pepperoni", "margherita", "veggie", '
            '"garlic bread"], coupon="TWOFOR1", delivery=True)` in pizzeria/orders.py returns?')
FILES = {"pizzeria/__init__.py": "", "pizzeria/orders.py": ORDERS}
CHECK = '''
def check(root, original, summary):
    return "2649" in summary, "judged by the summary"
'''
needs_sandbox = pytest.mark.skipif(not resolve_sandbox("auto", False, (), None).read_only_workspace().network_denied,
                                   reason="no sandbox here that blocks the network (bwrap, or Landlock ABI 4+): nothing unapproved runs at done")


async def _bench(tmp_path: Path, summaries: list[str], levers: tuple[str, ...] = (), question: str = QUESTION,
                 check: str = CHECK, actions: list[dict] | None = None) -> tuple[dict, list[dict]]:
    scripted = (actions or []) + [{"action": "done", "summary": summary} for summary in summaries]
    return await bench_task(tmp_path, FILES, question, check, [turn(action) for action in scripted], levers)


@needs_sandbox
@pytest.mark.parametrize("summary", ["order_total(...) returns 3220.", "It is not working as expected."])
async def test_a_wrong_or_missing_value_is_flagged_with_the_real_one(tmp_path: Path, summary: str) -> None:
    record, _ = await _bench(tmp_path, [summary])
    assert "answer_differs" in record["done_flags"], record["done_flags"]
    assert "no_answer" not in record["done_flags"]  # ANSWER DIFFERS says more


@needs_sandbox
@pytest.mark.parametrize("summary", ["It returns 2649.", "The order comes to £26.49."])
async def test_the_right_value_is_not_flagged(tmp_path: Path, summary: str) -> None:
    record, _ = await _bench(tmp_path, [summary])
    assert "answer_differs" not in record["done_flags"], record["done_flags"]
    assert (record["status"] == "passed") is (summary == "It returns 2649."), record["status"]


@needs_sandbox
async def test_verify_sends_the_model_back_with_the_value(tmp_path: Path) -> None:
    record, requests = await _bench(tmp_path, ["It returns 3220.", "It returns 2649."], levers=("verify",))
    told = requests[1]["messages"][-1]["content"]
    assert "ANSWER DIFFERS" in told and "returns 2649" in told, told
    assert "say done with that value in the summary" in told, told  # heldout22's e12 said 1400 again
    assert record["status"] == "passed" and "answer_differs" not in record["done_flags"], record


SLOT_QUESTION = "Without changing anything, what does `delivery_slot(date(2025, 5, 3), hour=19)` in pizzeria/orders.py return?"
SLOT_CHECK = '''
def check(root, original, summary):
    return "Sat-19" in summary, "judged by the summary"
'''
# In double quotes, the form a model writes itself: heldout24's f12, shown it in single quotes, made its
# strings' double quotes single and ended the shell's quote (refused as HIGH).
SLOT_COMMAND = ('python3 -c "from datetime import date; from pizzeria.orders import delivery_slot; '
                'print(repr(delivery_slot(date(2025, 5, 3), hour=19)))"')


@needs_sandbox
async def test_asked_opens_with_the_call_as_a_command_that_runs_read_only(tmp_path: Path) -> None:
    """`asked`: heldout23's d12 named `hire_quote("8-seater", date(2025, 5, 3), 8, ...)`; the model
    tried another function with the date as a string five times and never answered. The question's
    call, a date among its arguments, opens the session as the command that prints its value; run
    as told, it is proposed at MEDIUM and prints the value, read-only."""
    record, requests = await _bench(tmp_path, ["It returns 'Sat-19'."], levers=("asked",), question=SLOT_QUESTION,
                                    check=SLOT_CHECK, actions=[{"action": "run_command", "command": SLOT_COMMAND}])
    opening = requests[0]["messages"][1]["content"]
    assert SLOT_COMMAND in opening and "Run it, then reply with done" in opening, opening
    told = requests[1]["messages"][-1]["content"]
    assert "'Sat-19'" in told, told
    assert record["status"] == "passed" and record["done_flags"] == [], record
    without, plain = await _bench(tmp_path / "off", ["It returns 'Sat-19'."], question=SLOT_QUESTION, check=SLOT_CHECK)
    assert SLOT_COMMAND not in plain[0]["messages"][1]["content"]
