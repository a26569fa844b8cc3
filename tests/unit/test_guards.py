"""Guards for the seed's failure modes: no-op, repeat, missing path, dishonest done."""

from __future__ import annotations

import pytest

from smallops_tui.agent import Done, ListDir, ReadFile, RunCommand, SessionHistory, WriteFile, check_guards
from smallops_tui.agent.reply.kinds import InsertLines, ReplaceLines
from smallops_tui.agent.session.guards import derived_flags


def kinds(flags) -> list[str]:
    return [f.kind for f in flags]


def history(workspace) -> SessionHistory:
    return SessionHistory(baseline=workspace.snapshot())


def test_no_op_write_is_flagged(workspace) -> None:
    same = (workspace.root / "main.py").read_text()
    flags = check_guards(WriteFile(path="main.py", content=same), workspace, history(workspace))
    assert kinds(flags) == ["no_op"]
    assert "nothing would change" in flags[0].message


def test_no_op_line_edit_is_flagged(workspace) -> None:
    flags = check_guards(ReplaceLines(path="main.py", start=2, end=2, content="    return a - b"), workspace, history(workspace))
    assert kinds(flags) == ["no_op"]


def test_real_change_is_not_flagged(workspace) -> None:
    assert check_guards(WriteFile(path="main.py", content="print(1)\n"), workspace, history(workspace)) == []


def test_repeat_names_the_earlier_step(workspace) -> None:
    h = history(workspace)
    h.record(3, RunCommand(command="find .  -name '*.tmp'"), ok=True, changed_files=False)
    flags = check_guards(RunCommand(command="find . -name '*.tmp'"), workspace, h)
    assert kinds(flags) == ["repeat"] and flags[0].step == 3 and flags[0].label == "REPEAT of step 3"


def test_rereading_after_a_change_is_not_a_loop(workspace) -> None:
    h = history(workspace)
    h.record(1, ReadFile(path="main.py"), ok=True, changed_files=False)
    assert kinds(check_guards(ReadFile(path="./main.py"), workspace, h)) == ["repeat"]
    h.record(2, WriteFile(path="main.py", content="x\n"), ok=True, changed_files=True)
    assert check_guards(ReadFile(path="main.py"), workspace, h) == []


def test_a_command_run_again_after_another_change_is_checking_and_one_that_changed_files_alone_is_not(
        workspace) -> None:
    h = history(workspace)
    h.record(1, RunCommand(command="cat main.py"), ok=True, changed_files=False)
    h.record(2, WriteFile(path="main.py", content="x\n"), ok=True, changed_files=True)
    assert check_guards(RunCommand(command="cat main.py"), workspace, h) == []
    h.record(3, RunCommand(command="echo x >> main.py"), ok=True, changed_files=True)
    assert kinds(check_guards(RunCommand(command="echo x >> main.py"), workspace, h)) == ["repeat"]


def test_missing_path_lists_nearest_names(workspace) -> None:
    flags = check_guards(ReadFile(path="files/app.py"), workspace, history(workspace))
    assert kinds(flags) == ["missing_path"]
    assert "src/app.py" in flags[0].names and "does not exist" in flags[0].message


def test_missing_directory_shows_the_real_listing(workspace) -> None:
    flags = check_guards(ListDir(path="zzz_unrelated"), workspace, history(workspace))
    assert kinds(flags) == ["missing_path"]
    assert "main.py" in flags[0].message  # the root listing, since nothing is close


def test_write_into_a_missing_directory_is_flagged(workspace) -> None:
    flags = check_guards(WriteFile(path="files/new.txt", content="x"), workspace, history(workspace))
    assert kinds(flags) == ["missing_path"] and "files/" in flags[0].message


def test_line_edit_on_missing_file_is_flagged(workspace) -> None:
    flags = check_guards(InsertLines(path="nope.py", after=0, content="x"), workspace, history(workspace))
    assert "missing_path" in kinds(flags)


def test_done_without_change_is_flagged(workspace) -> None:
    flags = check_guards(Done(summary="Added the blank line."), workspace, history(workspace))
    assert kinds(flags) == ["done_without_change"]


@pytest.mark.parametrize("task, flagged", [
    ("Add a blank line at the end of main.py.", True),
    ("list the files and say what this project does", False),  # the README's first command: an answer
    ("How many lines does main.py have?", False),
])
def test_an_answer_to_a_task_that_asks_only_is_no_done_without_change(workspace, task: str, flagged: bool) -> None:
    told = SessionHistory(baseline=workspace.snapshot(), task=task)
    flags = check_guards(Done(summary="main.py prints a greeting."), workspace, told)
    assert ("done_without_change" in kinds(flags)) is flagged


def test_done_after_a_real_change_is_clean(workspace) -> None:
    h = history(workspace)
    workspace.write_text("main.py", "fixed\n")
    h.record(1, WriteFile(path="main.py", content="fixed\n"), ok=True, changed_files=True)
    assert check_guards(Done(summary="fixed"), workspace, h) == []


def test_done_right_after_a_failed_command(workspace) -> None:
    h = history(workspace)
    workspace.write_text("main.py", "fixed\n")
    h.record(1, WriteFile(path="main.py", content="fixed\n"), ok=True, changed_files=True)
    h.record(2, RunCommand(command="python main.py"), ok=False, changed_files=False)
    flags = check_guards(Done(summary="All tests pass"), workspace, h)
    assert kinds(flags) == ["done_after_failure"] and flags[0].step == 2


def test_guards_never_execute(workspace) -> None:
    before = workspace.snapshot()
    check_guards(WriteFile(path="new.py", content="x"), workspace, history(workspace))
    check_guards(RunCommand(command="touch created_by_guard"), workspace, history(workspace))
    assert workspace.snapshot() == before and workspace.checkpoints == []


def test_derived_flags_restate_rules_and_repairs() -> None:
    flags = derived_flags(["edit.destructive_rewrite"], ['"output" was stripped'])
    assert kinds(flags) == ["destructive_rewrite", "suspicious_repair"]


SOURCE = "Line one of the source.\n\tTabbed line, trailing spaces   \nLast line without a newline"


def test_a_copy_retyped_with_whitespace_lost_is_a_near_copy(workspace) -> None:
    """The seed's copy task: regenerated, the trailing spaces and final newline went missing."""
    (workspace.root / "source.txt").write_text(SOURCE)
    retyped = "Line one of the source.\n\tTabbed line, trailing spaces\nLast line without a newline\n"
    flags = check_guards(WriteFile(path="copy.txt", content=retyped), workspace, history(workspace))
    assert kinds(flags) == ["near_copy"] and flags[0].names == ("source.txt",)
    assert "not an exact copy" in flags[0].message and flags[0].label == "NEAR COPY"


def test_an_exact_copy_or_a_different_file_is_no_near_copy(workspace) -> None:
    (workspace.root / "source.txt").write_text(SOURCE)
    assert check_guards(WriteFile(path="copy.txt", content=SOURCE), workspace, history(workspace)) == []
    assert check_guards(WriteFile(path="copy.txt", content="Line one of the source.\n"), workspace,
                        history(workspace)) == []


def test_done_after_a_near_copy_is_flagged(workspace) -> None:
    h = history(workspace)
    (workspace.root / "source.txt").write_text(SOURCE)
    (workspace.root / "copy.txt").write_text(SOURCE.replace("spaces   ", "spaces"))
    flags = check_guards(Done(summary="copied source.txt exactly"), workspace, h)
    assert "near_copy" in kinds(flags)


def test_an_insertion_away_from_the_place_the_task_names_is_flagged_at_the_edit_and_at_done(workspace) -> None:
    """The seed's r1/r6 failure: the line went to the top, and the model said done truthfully as far as
    it could tell. The person sees MISPLACED beside the edit and beside the done."""
    task_history = SessionHistory(baseline=workspace.snapshot(), task="Add a comment at the end of main.py")
    top = InsertLines(path="main.py", after=0, content="# the end")
    flags = check_guards(top, workspace, task_history)
    assert kinds(flags) == ["misplaced"] and "at the end of the file" in flags[0].message
    text = (workspace.root / "main.py").read_text()
    (workspace.root / "main.py").write_text("# the end\n" + text)  # approved and written
    done = check_guards(Done(summary="added"), workspace, task_history)
    assert "misplaced" in kinds(done)
    (workspace.root / "main.py").write_text(text + "# the end\n")  # where the task said
    assert "misplaced" not in kinds(check_guards(Done(summary="added"), workspace, task_history))


async def test_done_judges_a_change_a_command_made_against_the_start_of_the_session(workspace) -> None:
    """The 1.5B in the bench: its write was answered, so it appended with `echo >> file` and said done.
    The start-of-session texts (taken with the baseline) are what done compares with."""
    from smallops_tui.agent.session.changes import ChangeRecorder

    task_history = SessionHistory(baseline={}, task="Add a comment at the end of main.py, change nothing else")
    await ChangeRecorder(workspace, task_history, lambda event: None).take_baseline(None)
    text = (workspace.root / "main.py").read_text()
    assert task_history.first_texts["main.py"] == text
    (workspace.root / "main.py").write_text("# the end\n")  # a command's doing: the original lines are gone
    done = check_guards(Done(summary="added"), workspace, task_history)
    assert "misplaced" in kinds(done) and "the edit removes" in done[kinds(done).index("misplaced")].message


QUOTE = "A customer wants the Pirate Ship for Saturday. What total would bouncehire quote them? Don't change any files."
R12 = ('Without changing anything, can you tell me what `order_total(["pepperoni", "margherita", "veggie", "garlic '
       'bread"], coupon="TWOFOR1", delivery=True)` in pizzeria/orders.py returns?')


@pytest.mark.parametrize("task, summary, flagged", [
    # heldout16's z10: a question about a total, answered with no number at all
    (QUOTE, "The tests passed, indicating that the code in `tests` is correct.", True),
    (QUOTE, "The total is 471.00: 2 days of the Pirate Ship and delivery.", False),
    ("How many TODO comments are there in main.py? Do not change any file.", "There are none.", False),
    ("How many TODO comments are there in main.py? Do not change any file.", "There are no TODO comments.", False),
    ("How many TODO comments are there in main.py? Do not change any file.", "I read main.py.", True),
    # heldout18's g08: the call and its file named between "what" and "come to"
    ("Quick question, no changes please: what does `group_tokens([41, 12, 9, 4, 3], [\"carousel\", \"dodgems\"])` "
     "in fairground/tokens.py come to?", "There was no output from the function calls.", True),
    ("Quick question, no changes please: what does `group_tokens([41, 12], [\"carousel\"])` in fairground/tokens.py "
     "come to?", "It comes to 35 tokens.", False),
    # heldout20's r12: what a call with its arguments returns, answered with no value at all
    (R12, "The `order_total` function is trying to pair pizzas from the dearest down, but it's not working.", True),
    (R12, "It returns 2649 (26.49 in pounds).", False),
    (R12, "It returns an empty list.", False),
    (R12, "It raises KeyError: 'garlic bread'.", False),
    ("What does `slug('A b')` in text.py return? Don't change anything.", "It returns 'a-b'.", False),
    ("What does the `main()` function in app.py do? Don't change anything.", "It parses the arguments.", False),
    # not a question about a number, or not a question at all
    ("Which function in main.py prints? Do not change any file.", "add prints.", False),  # (a name main.py defines: one it does not is NO ANSWER, test_answer_checks.py)
    ("Add the total of the two numbers to main.py.", "Added the total.", False),
])
def test_a_question_about_a_number_answered_with_none_is_flagged(workspace, task: str, summary: str,
                                                                 flagged: bool) -> None:
    told = SessionHistory(baseline=workspace.snapshot(), task=task)
    flags = check_guards(Done(summary=summary), workspace, told)
    assert ("no_answer" in kinds(flags)) is flagged, flags


BOILING = ("EVAPORATION = 90.0\n\n\ndef boil_off_litres(sap_litres, syrup_litres):\n"
           "    return sap_litres - syrup_litres\n")


def test_a_changed_file_that_uses_a_name_nothing_defines_is_undefined_at_done(workspace) -> None:
    """heldout16's z02: syrup_yield read `syrup_litres`, a parameter of the function beside it; every
    call raised NameError, the tests (which never called it) passed, and the done went unflagged."""
    workspace.write_text("boiling.py", BOILING)
    h = history(workspace)
    h.first_texts["boiling.py"] = BOILING
    added = "\n\ndef syrup_yield(sap_litres, brix):\n    return round(syrup_litres * brix / 86, 2)\n"
    workspace.write_text("boiling.py", BOILING + added)
    h.record(1, WriteFile(path="boiling.py", content=BOILING + added), ok=True, changed_files=True)
    [flag] = [f for f in check_guards(Done(summary="added syrup_yield"), workspace, h) if f.kind == "undefined"]
    assert flag.message.startswith("boiling.py uses syrup_litres (line 9), which nothing in it defines")
    # Defined (by an import or a parameter), or undefined already at the start: no flag.
    workspace.write_text("boiling.py", BOILING + added.replace("(sap_litres, brix)", "(sap_litres, brix, syrup_litres=1)"))
    assert "undefined" not in kinds(check_guards(Done(summary="added"), workspace, h))
    h.first_texts["boiling.py"] = BOILING + "\nprint(syrup_litres)\n"
    workspace.write_text("boiling.py", BOILING + "\nprint(syrup_litres)\n" + added)
    assert "undefined" not in kinds(check_guards(Done(summary="added"), workspace, h))
    workspace.write_text("made.py", "def f():\n    return g()\n")  # a file the session made counts too
    assert "undefined" in kinds(check_guards(Done(summary="made"), workspace, h))


def test_a_helper_only_the_removed_command_used_kept_at_done_is_left_behind(workspace) -> None:
    """heldout31's i10 kit: the command's module deleted, its parse_pipe_line kept in fleet.py."""
    fleet = "def parse_pipe_line(line):\n    return line.split('|')\n\n\ndef load(path):\n    return []\n"
    workspace.write_text("yachts/fleet.py", fleet)
    workspace.write_text("yachts/oldlist.py", "from yachts.fleet import parse_pipe_line\nprint(parse_pipe_line('a'))\n")
    workspace.write_text("yachts/card.py", "from yachts.fleet import load\nprint(load('f'))\n")
    h = history(workspace)
    h.task = "Remove the `python -m yachts.oldlist` command and anything else that only existed for it."
    h.first_texts.update({rel: (workspace.root / rel).read_text() for rel in
                          ("yachts/fleet.py", "yachts/oldlist.py", "yachts/card.py")})
    (workspace.root / "yachts/oldlist.py").unlink()
    h.record(1, RunCommand(command="rm yachts/oldlist.py"), ok=True, changed_files=True)
    [flag] = [f for f in check_guards(Done(summary="removed"), workspace, h) if f.kind == "left_behind"]
    assert flag.message.startswith("parse_pipe_line (yachts/fleet.py) was used at the start by yachts/oldlist.py")
    workspace.write_text("yachts/fleet.py", fleet.split("\n\n\n")[1])
    assert "left_behind" not in kinds(check_guards(Done(summary="removed"), workspace, h))


def test_a_helper_kept_with_only_its_test_using_it_is_left_behind_and_one_only_tests_used_is_not(workspace) -> None:
    """heldout32's aa10 kit: --live gone from trip/money.py, `fetch_rates` kept with its test, which
    alone still named it. A test's use keeps nothing; a function only tests used at the start is a
    library's, not the removed code's."""
    rates = "def fetch_rates(url):\n    return {}\n\n\ndef term_rates():\n    return {}\n\n\ndef spare():\n    return 1\n"
    workspace.write_text("trip/rates.py", rates)
    workspace.write_text("trip/money.py", "from trip.rates import fetch_rates, term_rates\nprint(fetch_rates('u'), term_rates())\n")
    workspace.write_text("tests/test_live.py", "from trip.rates import fetch_rates, spare\nassert fetch_rates('u') == {} and spare()\n")
    h = history(workspace)
    h.task = "Please take out the live exchange-rate feature (`--live`) and everything that only existed for it."
    h.first_texts.update({rel: (workspace.root / rel).read_text() for rel in
                          ("trip/rates.py", "trip/money.py", "tests/test_live.py")})
    workspace.write_text("trip/money.py", "from trip.rates import term_rates\nprint(term_rates())\n")
    h.record(1, WriteFile(path="trip/money.py", content="x"), ok=True, changed_files=True)
    [flag] = [f for f in check_guards(Done(summary="removed"), workspace, h) if f.kind == "left_behind"]
    assert flag.message.startswith("fetch_rates (trip/rates.py) was used at the start by trip/money.py"), flag.message
    assert "spare" not in flag.message  # only a test used it, then and now
