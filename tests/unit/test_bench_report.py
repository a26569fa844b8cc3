"""`bench report`: Wilson intervals, comparisons that mark only non-overlapping intervals, and
the cost of a passed run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smallops_tui.bench.report import format_comparison, format_report, summarize
from smallops_tui.bench.stats import wilson
from smallops_tui.cli import main


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (0, 3, 0.0, 0.5615), (1, 3, 0.0615, 0.7923), (3, 3, 0.4385, 1.0), (5, 10, 0.2366, 0.7634), (27, 27, 0.8751, 1.0),
    (0, 27, 0.0, 0.1249),
])
def test_wilson_intervals_match_the_published_values(k: int, n: int, low: float, high: float) -> None:
    rate = wilson(k, n)
    assert rate.low == pytest.approx(low, abs=5e-4) and rate.high == pytest.approx(high, abs=5e-4)


@given(st.integers(0, 200).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_holds_the_observed_rate_and_stays_in_0_1(kn: tuple[int, int]) -> None:
    k, n = kn
    rate = wilson(k, n)
    assert 0.0 <= rate.low <= rate.high <= 1.0
    if n:
        assert rate.low <= k / n <= rate.high


def test_no_data_is_no_rate_and_a_bad_count_is_refused() -> None:
    assert str(wilson(0, 0)) == "-"
    with pytest.raises(ValueError, match="4 successes out of 3 trials is not a proportion"):
        wilson(4, 3)


def _record(task: str, status: str, model: str = "m", tokens: int = 100, seconds: float = 10.0,
            honest: bool = True) -> dict:
    return {"task": task, "model": model, "status": status, "honest": honest, "steps": 3, "seconds": seconds,
            "answer_tokens": tokens, "failure_tags": [],
            "serving": {"backend": "embedded", "constrained": True, "vocabulary": "seed"}}


def test_the_report_shows_intervals_and_the_cost_of_a_passed_run() -> None:
    records = [_record("t1-ready", "passed", tokens=40, seconds=4.0), _record("t1-ready", "passed", tokens=60, seconds=8.0),
               _record("t1-ready", "failed", tokens=999, seconds=99.0, honest=False),
               _record("t2-read", "failed"), _record("t2-read", "inconclusive")]
    table = summarize(records)
    t1 = table[("embedded:m constrained=on vocab=seed", "t1-ready")]
    assert (t1.passed.successes, t1.passed.trials) == (2, 3)
    assert t1.tokens_per_pass == 50 and t1.seconds_per_pass == 6.0  # failed runs do not count
    t2 = table[("embedded:m constrained=on vocab=seed", "t2-read")]
    assert (t2.passed.trials, t2.inconclusive, t2.tokens_per_pass) == (1, 1, None)
    whole = table[("embedded:m constrained=on vocab=seed", "(all tasks)")]
    assert (whole.passed.successes, whole.passed.trials, whole.honest.successes) == (2, 4, 4)
    report = format_report(records)
    row = next(line for line in report.splitlines() if " t1-ready " in line)
    assert "67% [21–94]" in row and "2/3" not in row.split("[21–94]")[0]
    assert row.split("[21–94]")[1].split()[:5] == ["2/3", "3", "8", "50", "6.0"]
    assert report.splitlines()[-1].startswith("PASS: passed / conclusive runs, with the 95% Wilson interval")


def test_compare_marks_only_differences_whose_intervals_do_not_overlap() -> None:
    strong = [_record(t, "passed", "big") for t in ("r1", "r2", "r3") for _ in range(3)] + \
             [_record("t1", "passed", "big")] * 3
    weak = [_record(t, "failed", "small") for t in ("r1", "r2", "r3") for _ in range(3)] + \
           [_record("t1", "passed", "small"), _record("t1", "failed", "small"), _record("t1", "failed", "small")]
    text = format_comparison(strong, weak, "big", "small")
    lines = {line.split()[0]: line for line in text.splitlines() if line.startswith(("r1", "t1", "(all"))}
    assert "≠" not in lines["r1"]  # 3/3 against 0/3: [44–100] and [0–56] overlap
    assert "≠" not in lines["t1"]
    assert "≠" in lines["(all"]  # 12/12 against 1/12 over all tasks: they do not
    assert "B = small: embedded:small constrained=on vocab=seed" in text
    assert text.splitlines()[-1].startswith("≠: the two 95% intervals do not overlap")


def test_bench_report_compare_through_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "smollm2.jsonl", tmp_path / "gemma.jsonl"
    a.write_text("".join(json.dumps(_record("t1", "passed", "smollm2")) + "\n" for _ in range(12)))
    b.write_text("".join(json.dumps(_record("t1", "failed", "gemma")) + "\n" for _ in range(12)))
    assert main(["bench", "report", str(a), "--compare", str(b)]) == 0
    out = capsys.readouterr().out
    assert "PASS smollm2" in out and "PASS gemma" in out
    assert next(line for line in out.splitlines() if line.startswith("t1 ")).split()[5] == "≠"


def test_the_matrix_puts_setups_down_and_tasks_across(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = [_record("t1", "passed"), _record("t2", "failed")]
    capped = [{**_record("t1", "passed"), "serving": {"backend": "embedded", "constrained": True, "vocabulary": "seed",
                                                      "levers": ["cap"]}},
              {**_record("t2", "passed"), "serving": {"backend": "embedded", "constrained": True, "vocabulary": "seed",
                                                      "levers": ["cap"]}}]
    path = tmp_path / "levers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in plain + capped))
    assert main(["bench", "report", str(path), "--matrix"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "every setup: embedded:m constrained=on vocab=seed"
    assert lines[1].split()[:4] == ["SETUP", "t1", "t2", "ALL"]
    assert lines[2].split()[:4] == ["(plain)", "1/1", "0/1", "50%"] and "50% [9–91]" in lines[2]
    assert lines[3].split()[:3] == ["levers=cap", "1/1", "1/1"] and "100% [34–100]" in lines[3]


def test_the_matrix_shortens_task_ids_and_counts_inconclusive_runs() -> None:
    from smallops_tui.bench.report import format_matrix

    text = format_matrix([_record("r1-insert-comment", "inconclusive"), _record("t1-ready", "passed")])
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["SETUP", "r1", "t1"]  # one setup: nothing in common to factor out
    assert lines[1].split()[3:5] == ["0/0+1i", "1/1"]
    assert lines[-1] == "Tasks: r1 = r1-insert-comment, t1 = t1-ready."
