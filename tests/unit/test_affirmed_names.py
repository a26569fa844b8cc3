"""Which names a summary gives as its answer (answer_checks.affirmed_names): a name in a clause that
sets it aside ("rush_fee has nothing to do with it", "not guides_needed") is not taken for one."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.answer_checks import affirmed_names


@pytest.mark.parametrize(("summary", "answer", "set_aside"), [
    ("round() does it; rush_fee has nothing to do with it", {"round"}, {"rush_fee"}),
    ("guides_for in tours/staffing.py decides it, not guides_needed", {"guides_for", "tours/staffing.py"},
     {"guides_needed"}),
    ("guides_needed decides it. guides_for is unused.", {"guides_needed"}, {"guides_for"}),
    ("It reads limits.json - not range.json", {"limits.json"}, {"range.json"}),
    ("site_score works it out (load_survey isn't the score: it only reads the file)", {"site_score"}, {"load_survey"}),
    ("Use guides_for; guides_needed in rules.py is a look-alike that nothing calls.", {"guides_for"}, {"guides_needed"}),
    ("quote_total is called instead of quote_sum", {"quote_total"}, {"quote_sum"}),
    # a review's cases: a negation of something else in the right name's clause does not set it aside
    ("guides_for decides it when the group isn't private; guides_needed is the old version kept for reference.",
     {"guides_for"}, {"guides_needed"}),
    ("guides_for doesn't just count walkers, it decides the number of guides; guides_needed is left over from v1.",
     {"guides_for"}, {"guides_needed"}),
    ("guides_needed decides it; guides_for is obsolete.", {"guides_needed"}, {"guides_for"}),
    ("guides_needed decides it; guides_for is a red herring.", {"guides_needed"}, {"guides_for"}),
])
def test_a_name_set_aside_is_not_the_answer(summary: str, answer: set[str], set_aside: set[str]) -> None:
    names = affirmed_names(summary)
    assert answer <= names and not set_aside & names, names


def test_a_dot_inside_a_path_or_module_does_not_part_clauses() -> None:
    assert {"tours/staffing.py", "tours.staffing", "guides_for"} <= affirmed_names(
        "It is guides_for in tours/staffing.py (module tours.staffing).")
