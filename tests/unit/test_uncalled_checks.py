"""UNCALLED: a function or class the session added that nothing calls, imports or names (uncalled_checks.py)."""

from __future__ import annotations

from smallops_tui.agent.session.uncalled_checks import left_behind, uncalled

SPECIES = "def find_species(name):\n    return TABLE[name]\n"
CARE = "from bonsai.species import find_species\n\n\ndef card(name):\n    return find_species(name)\n"
TASK = "Make the species lookup ignore case, so `python -m bonsai.care juniper` finds Juniper."
START = {"bonsai/species.py": SPECIES, "bonsai/care.py": CARE}


def test_a_lookup_written_beside_the_old_one_that_nothing_calls_is_uncalled() -> None:
    """heldout27's kit: find_species_any_case in a new module, bonsai.care still calling find_species."""
    stub = "def find_species_any_case(name):\n    return find_species(name.strip().title())\n"
    files = {**START, "bonsai/lookup.py": stub}
    [said] = uncalled(TASK, START, {"bonsai/lookup.py": stub}, files.items())
    assert said.startswith("find_species_any_case, which the session added to bonsai/lookup.py, is called")


def test_a_helper_the_old_code_calls_a_name_the_task_gives_or_a_test_is_not_uncalled() -> None:
    helper = "def _key(name):\n    return name.strip().lower()\n\n\ndef find_species(name):\n    return TABLE[_key(name)]\n"
    files = {**START, "bonsai/species.py": helper}
    assert uncalled(TASK, START, {"bonsai/species.py": helper}, files.items()) == []
    asked = SPECIES + "\n\ndef species_names():\n    return sorted(TABLE)\n"
    assert uncalled("Add species_names() to bonsai/species.py.", START, {"bonsai/species.py": asked},
                    {**START, "bonsai/species.py": asked}.items()) == []
    test = "def test_any_case():\n    assert find_species('juniper')\n\n\nclass Helper:\n    pass\n"
    assert uncalled(TASK, START, {"tests/test_case.py": test}, {**START, "tests/test_case.py": test}.items()) == []
    # Named in a README or an entry point is a use; a decorated function is registered, not uncalled.
    made = SPECIES + "\n\ndef lookup_cli():\n    pass\n\n\n@app.command\ndef listed():\n    pass\n"
    pyproject = '[project.scripts]\nbonsai = "bonsai.species:lookup_cli"\n'
    assert uncalled(TASK, START, {"bonsai/species.py": made},
                    {**START, "bonsai/species.py": made, "pyproject.toml": pyproject}.items()) == []


def test_a_function_the_start_had_is_not_added_and_a_broken_file_is_not_judged() -> None:
    moved = "def find_species(name):\n    return TABLE[name.lower()]\n"
    assert uncalled(TASK, START, {"bonsai/other.py": moved}, {**START, "bonsai/other.py": moved}.items()) == []
    assert uncalled(TASK, START, {"bonsai/x.py": "def f(:\n"}, {**START, "bonsai/x.py": "def f(:\n"}.items()) == []


FLEET = "def parse_pipe_line(line):\n    return line.split('|')\n\n\ndef load_csv(path):\n    return []\n"
OLDLIST = "from yachts.fleet import parse_pipe_line\n\n\ndef main():\n    print(parse_pipe_line('a|b'))\n"
CARD = "from yachts.fleet import load_csv\n\nprint(load_csv('fleet.csv'))\n"
YACHTS = {"yachts/fleet.py": FLEET, "yachts/oldlist.py": OLDLIST, "yachts/card.py": CARD}
REMOVE = ("Please remove the deprecated `python -m yachts.oldlist` command and anything else that only existed for it.")


def test_a_helper_only_the_removed_code_used_and_kept_is_left_behind() -> None:
    """heldout31's i10 kit (and heldout30's c10, the fax functions): the command gone, its helper kept."""
    now = [("yachts/fleet.py", FLEET), ("yachts/card.py", CARD)]
    [said] = left_behind(REMOVE, YACHTS, now)
    assert said.startswith("parse_pipe_line (yachts/fleet.py) was used at the start by yachts/oldlist.py; now nothing"), said
    assert left_behind(REMOVE, YACHTS, [("yachts/fleet.py", FLEET.split("\n\n\n")[1]), ("yachts/card.py", CARD)]) == []


def test_a_removal_that_does_not_take_what_only_it_used_or_a_helper_still_used_is_not_judged() -> None:
    now = [("yachts/fleet.py", FLEET), ("yachts/card.py", CARD)]
    # heldout8's r05: "dead code … clean up anything that still imports it" asks nothing of its helpers
    assert left_behind("yachts/oldlist.py is dead code now. Delete it and clean up anything that still imports it.",
                       YACHTS, now) == []
    assert left_behind(REMOVE, YACHTS, [*now, ("tools/x.py", "from yachts.fleet import parse_pipe_line\n")]) == []
    assert left_behind("Add a --json option that only the radio app uses.", YACHTS, now) == []  # no removal


def test_a_helper_the_task_keeps_only_in_another_sense_or_past_the_read_is_not_left_behind() -> None:
    """A review's cases: the task names the helper to keep; "only" about who used the command; a
    caller that still exists but lies past the bounded read of the workspace."""
    now = [("yachts/fleet.py", FLEET), ("yachts/card.py", CARD)]
    assert left_behind(REMOVE + " Keep parse_pipe_line: the new importer will need it.", YACHTS, now) == []
    assert left_behind("Please remove python -m yachts.oldlist. Only the harbour office used it and they've moved on.",
                       YACHTS, now) == []
    assert left_behind("Remove yachts.oldlist; it's only there for the old printer.", YACHTS, now) == []
    start = {**YACHTS, "web/card.py": "from yachts.fleet import parse_pipe_line\n"}
    assert left_behind(REMOVE, start, now, files_now=["yachts/fleet.py", "yachts/card.py", "web/card.py"]) == []
