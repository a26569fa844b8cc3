"""ANSWER DIFFERS, its pure parts (session/asked_call.py): which call a question asks the value of,
made into the program the risk rules run read-only, and whether a summary gives that value. Running
it in the sandbox is tests/functional/test_answer_differs_in_a_session.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.risk.workspace_calls import workspace_call
from smallops_tui.agent.session.asked_call import AskedCall, answer_differs, asked_call

ORDERS = '''PRICES = {"pepperoni": 950, "margherita": 800, "veggie": 900, "garlic bread": 450}


def order_total(items, coupon=None, delivery=False):
    total = sum(PRICES[i] for i in items)
    return total + (299 if delivery else 0)
'''
R12 = ('Without changing anything, can you tell me what `order_total(["pepperoni", "margherita", "veggie", '
       '"garlic bread"], coupon="TWOFOR1", delivery=True)` in pizzeria/orders.py returns?')
CALL = AskedCall("f(1)", "from m import f; print(repr(f(1)))")


@pytest.fixture
def pizzeria(tmp_path: Path) -> Workspace:
    (tmp_path / "pizzeria").mkdir()
    (tmp_path / "pizzeria" / "__init__.py").write_text("")
    (tmp_path / "pizzeria" / "orders.py").write_text(ORDERS)
    return Workspace(tmp_path)


def test_the_call_of_a_question_is_made_into_the_read_only_program(pizzeria: Workspace) -> None:
    asked = asked_call(R12, pizzeria)
    assert asked is not None
    assert asked.call.startswith("order_total([") and asked.call.endswith("delivery=True)")
    assert asked.program.startswith("from pizzeria.orders import order_total; print(repr(order_total(")
    assert workspace_call(asked.program, pizzeria) == "pizzeria.orders.order_total"


def test_the_command_is_written_as_a_model_writes_it(pizzeria: Workspace) -> None:
    """heldout24's f12: shown `python3 -c '... kind="heavy" ...'`, the model wrote kind='heavy' inside
    the single quotes, which ended them. Strings in single quotes, the program in double ones."""
    asked = asked_call('Without changing anything, what does `order_total(["veggie"], coupon="TWOFOR1")` in '
                       'pizzeria/orders.py return?', pizzeria)
    assert asked is not None and asked.command == (
        "python3 -c \"from pizzeria.orders import order_total; print(repr(order_total(['veggie'], coupon='TWOFOR1')))\"")
    quoted = AskedCall("f('it''s')", "from m import f; print(repr(f(\"it's\")))")
    assert quoted.command.startswith("python3 -c 'from m import f")  # a double quote inside: the shell's single ones


def test_a_value_type_among_the_arguments_is_imported_and_no_call_of_its_own(pizzeria: Workspace) -> None:
    """heldout23's d12: `hire_quote("8-seater", date(2025, 5, 3), 8, ...)`: the date inside is an
    argument (before, it made two calls, and none was run), written with its import."""
    task = ("Without changing anything, what does `order_total(['veggie'], coupon=Decimal('0.5'), "
            "delivery=date(2025, 5, 3))` in pizzeria/orders.py return?")
    asked = asked_call(task, pizzeria)
    assert asked is not None and asked.program == (
        "from datetime import date; from decimal import Decimal; from pizzeria.orders import order_total; "
        "print(repr(order_total(['veggie'], coupon=Decimal('0.5'), delivery=date(2025, 5, 3))))")
    assert workspace_call(asked.program, pizzeria) == "pizzeria.orders.order_total"


def test_the_module_is_found_when_the_task_names_no_file(pizzeria: Workspace) -> None:
    asked = asked_call("What does `order_total(['veggie'])` return? Don't change anything.", pizzeria)
    assert asked is not None and asked.program.startswith("from pizzeria.orders import order_total;")


@pytest.mark.parametrize("task", [
    # a task that asks for a change
    'Make `order_total(["veggie"], delivery=True)` in pizzeria/orders.py return 1199 and fix the tests.',
    # two different calls: which the summary answers is not for a pattern to say
    "Without changing anything, what do `order_total(['veggie'])` and `order_total(['pepperoni'])` return?",
    # what it prints, not what it returns
    "Without changing anything, what does `order_total(['veggie'])` in pizzeria/orders.py print?",
    # a call of something the workspace does not define, or with an argument that is no literal
    "Without changing anything, what does `open('/etc/passwd')` return?",
    "Without changing anything, what does `order_total(items)` in pizzeria/orders.py return?",
    # no call at all
    "Without changing anything, what does order_total return for a veggie pizza?",
])
def test_no_call_is_asked(pizzeria: Workspace, task: str) -> None:
    assert asked_call(task, pizzeria) is None


@pytest.mark.parametrize(("output", "summary"), [
    ("2649", "order_total(...) returns 2649."),
    ("2649", "It comes to 2,649 pence."),
    ("2649", "The total is £26.49."),  # pence said in pounds
    ("26.49", "It returns 26.49"),
    ("26.485", "about 26.49"),  # rounded to the places said
    ("Decimal('26.49')", "26.49"),
    ("'£26.49'", "The result is £26.49"),
    ("'£26.49'", "It gives 26.49 pounds"),
    ("'Tue 11 Jun'", "ready on tue 11 jun"),
    ("True", "True: the order qualifies"),
    ("True", "Yes, it qualifies"),  # neither True nor False said: NO ANSWER's to judge
    ("None", "It returns None"),
    ("[]", "an empty list"),
    ("[3, 4]", "[3, 4]"),
    ("{'total': 2649, 'free': 'veggie'}", "total 2649, the veggie is free"),
    ("0", "zero"),
    ("35", "Thirty-five tokens."),  # heldout18's g08, its alternative answer
    ("212", "two hundred and twelve"),
    ("-12", "a loss of 12"),
])
def test_a_summary_that_gives_the_value_is_not_flagged(output: str, summary: str) -> None:
    assert answer_differs(CALL, 0, output + "\n", summary) is None


@pytest.mark.parametrize(("output", "summary"), [
    ("2649", "order_total(...) returns 3220."),  # heldout20's r12
    ("2649", "It is not working as expected"),
    ("26.49", "It returns 27.74"),
    ("True", "It returns False"),
    ("None", "It returns 2649"),
    ("'Tue 11 Jun'", "ready on Mon 10 Jun"),
    ("[3, 4]", "It returns [5, 6]"),
    ("35", "38 tokens less a tenth is 34.2, so 34 tokens."),  # heldout18's g08, a wrong answer
    ("35", "thirty-four"),
])
def test_a_summary_that_gives_another_value_is_flagged(output: str, summary: str) -> None:
    said = answer_differs(CALL, 0, output + "\n", summary)
    assert said is not None and output in said and "f(1)" in said


def test_a_call_that_raises_wants_the_error_said() -> None:
    output = "Traceback (most recent call last):\n  File ...\nKeyError: 'calzone'\n"
    assert answer_differs(CALL, 1, output, "It raises KeyError for the calzone") is None
    assert answer_differs(CALL, 1, output, "It fails: calzone is not on the menu, an error") is None
    said = answer_differs(CALL, 1, output, "It returns 1250")
    assert said is not None and "KeyError: 'calzone'" in said


@pytest.mark.parametrize("output", [
    "printed by the function\nNone",  # the function printed on its own
    "<pizzeria.orders.Order object at 0x7f>",  # no literal form
    "",
])
def test_what_cannot_be_read_says_nothing(output: str) -> None:
    assert answer_differs(CALL, 0, output, "anything at all") is None
    assert answer_differs(CALL, 1, "killed\n", "anything") is None  # no exception named


@given(st.integers(min_value=-10**9, max_value=10**9))
def test_an_integer_said_plainly_or_grouped_is_always_given(value: int) -> None:
    assert answer_differs(CALL, 0, f"{value}\n", f"It returns {value}.") is None
    assert answer_differs(CALL, 0, f"{value}\n", f"It returns {value:,}.") is None


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_a_different_integer_is_flagged(value: int, offset: int) -> None:
    wrong = value + offset
    if wrong in (value * 100, value / 100) or (value and wrong / 100 == value):
        return
    assert answer_differs(CALL, 0, f"{value}\n", f"It returns {wrong}.") is not None


def test_a_count_in_words_is_a_number_for_no_answer() -> None:
    """heldout19's q12, a right answer: "Get fifteen small jars ready" was NO ANSWER."""
    from smallops_tui.agent.session.answer_checks import unanswered
    task = "Quick question, please don't change anything: how many jars should I get ready for 2 kg of plums?"
    assert unanswered(task, "Get fifteen small jars ready (that includes the spare).") is None
    assert unanswered(task, "Get thirty-five ready.") is None
    assert unanswered(task, "Get the small jars ready.") is not None


@pytest.mark.parametrize(("summary", "hedge"), [
    # the g08, q12, s12 and e12 kits' hedged answers: the right number among others
    ("Either 35 or 34 depending on rounding.", "35 or 34"),
    ("Probably 15, or 16 if you count the sugar 1:1.", "15 or 16"),
    ("It is 35 or 34.", "35 or 34"),
    # one value, said twice or in two units, is an answer
    ("It returns 12.5 (or 1250 pence).", None),
    ("The quote is £22.73 or 2273 pence.", None),
    ("The answer is 2,920 or 2920.", None),
    ("The score is 1400 or so.", None),
    ("It returns (3, 4) or None.", None),
])
def test_two_values_offered_as_one_answer_are_no_answer(summary: str, hedge: str | None) -> None:
    from smallops_tui.agent.session.answer_checks import unanswered

    task = "Quick question, please don't change anything: how many jars should I get ready for 2 kg of plums?"
    said = unanswered(task, summary)
    assert said == (f"the summary offers more than one value ({hedge}), not an answer" if hedge else None)
