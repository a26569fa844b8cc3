"""DEFAULT CHANGED: a default changed where the task names only some of the sections it holds for
(heldout17's h07 in INI, heldout18's g06 in JSON, heldout19's q01 in TOML)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent.session.config_scope import defaults_changed, tables

POOL = """; Keys under [DEFAULT] apply to every session unless the session sets its own.
[DEFAULT]
lanes = 4
per_lane = 8

[session.early]
start = 06:30
lanes = 6

[session.lunch]
start = 12:00
end = 13:30

[session.evening]
start = 19:00
per_lane = 6
"""
LUNCH = "Lunchtime lane swimming now runs until 14:00 and allows 10 swimmers per lane. Please update pool.ini."
BINGO = json.dumps({"hall": "Riverside", "default_jackpot": 250, "nights": {
    "tuesday": {"start": "19:00"}, "friday": {"start": "19:30", "jackpot": 500}, "saturday": {"jackpot": 400}}})
FRIDAY = "Friday's jackpot goes up to 750 from next week. Nothing else changes."
PRESS = '[defaults]\nbottle_ml = 500\n\n[days.saturday]\nstart = "09:00"\n\n[days.sunday]\nstart = "10:00"\n'
SUNDAY = "We bottle Sunday's pressing in 330 ml bottles now."


def test_an_ini_default_changed_for_one_session_is_found() -> None:
    [found] = defaults_changed(LUNCH, "pool.ini", POOL, POOL.replace("per_lane = 8", "per_lane = 10"))
    assert "per_lane" in found and "[DEFAULT]" in found and "session.early" in found
    assert "session.evening" not in found  # it sets its own per_lane


def test_a_json_default_key_changed_for_one_night_is_found() -> None:
    [found] = defaults_changed(FRIDAY, "bingo.json", BINGO, BINGO.replace('"default_jackpot": 250', '"default_jackpot": 750'))
    assert "nights.tuesday" in found and "default_jackpot" in found


def test_a_toml_defaults_table_changed_for_one_day_is_found() -> None:
    [found] = defaults_changed(SUNDAY, "press.toml", PRESS, PRESS.replace("bottle_ml = 500", "bottle_ml = 330"))
    assert "days.saturday" in found and "[defaults]" in found
    # The task as heldout19's q01 wrote it: "the usual ones" is what Sunday's value replaces.
    as_written = ("From now on we bottle Sunday's pressing in 330 ml bottles instead of the usual ones; nothing else "
                  "about Sunday or the other days changes. Please update the settings.")
    [found] = defaults_changed(as_written, "press.toml", PRESS, PRESS.replace("bottle_ml = 500", "bottle_ml = 330"))
    assert "days.saturday" in found
    assert defaults_changed("Make the usual bottles 330 ml from now on.", "press.toml", PRESS,
                            PRESS.replace("bottle_ml = 500", "bottle_ml = 330")) == []


@pytest.mark.parametrize(("task", "rel", "before", "after"), [
    (LUNCH, "pool.ini", POOL, POOL.replace("end = 13:30", "end = 14:00\nper_lane = 10")),  # the session's own
    (FRIDAY, "bingo.json", BINGO, BINGO.replace('"jackpot": 500', '"jackpot": 750')),
    (SUNDAY, "press.toml", PRESS, PRESS.replace('start = "10:00"', 'start = "10:00"\nbottle_ml = 330')),
    ("Raise the default per_lane to 10.", "pool.ini", POOL, POOL.replace("per_lane = 8", "per_lane = 10")),
    ("Every session now allows 10 per lane.", "pool.ini", POOL, POOL.replace("per_lane = 8", "per_lane = 10")),
    # heldout23's d07: "the standard workshop price goes up", and its reference answer changed [DEFAULT]
    ("The standard allowance goes up to 10 per lane; lunch stays as it is.", "pool.ini", POOL,
     POOL.replace("per_lane = 8", "per_lane = 10")),
    ("Allow 10 swimmers per lane.", "pool.ini", POOL, POOL.replace("per_lane = 8", "per_lane = 10")),  # no section named
    (LUNCH, "pool.ini", POOL, POOL + "\n[broken"),  # does not parse: not judged
    (SUNDAY, "press.yaml", PRESS, PRESS.replace("500", "330")),  # not a form read here
])
def test_the_right_change_or_a_task_about_defaults_says_nothing(task: str, rel: str, before: str, after: str) -> None:
    assert defaults_changed(task, rel, before, after) == []


def test_tables_are_read_as_their_own_values() -> None:
    found = tables("pool.ini", POOL)
    assert found is not None
    assert found[("DEFAULT",)] == {"lanes": "4", "per_lane": "8"}
    assert found[("session.lunch",)] == {"start": "12:00", "end": "13:30"}  # not the defaults read through it
    assert tables("x.json", "[1, 2]") is None and tables("x.toml", "a = ") is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["a.ini", "a.toml", "a.json", "a.cfg"]))
def test_any_text_is_read_without_error(text: str, rel: str) -> None:
    defaults_changed(SUNDAY, rel, text, text + "\n")
    defaults_changed(SUNDAY, rel, PRESS, text)
