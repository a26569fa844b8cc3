"""`smallops bench report`: bench records summarized per setup and task, and two files compared.

Every pass rate carries its 95% Wilson interval (stats.py); a comparison marks a difference only
where the two intervals do not overlap, so three runs a task are not read as more than they say.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agent.regular_files import read_regular_text
from .stats import Rate, wilson

ALL_TASKS_ROW = "(all tasks)"
DIFFERENT = "≠"


def read_records(path: Path) -> list[dict[str, Any]]:
    records = []
    for number, line in enumerate(read_regular_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise ValueError(f"{path} line {number} is not a bench record") from None
        if not isinstance(record, dict) or "task" not in record or "status" not in record:
            raise ValueError(f"{path} line {number} is not a bench record")
        records.append(record)
    return records


def setup_name(record: dict[str, Any]) -> str:
    """What was run, as one label: backend, model, decoding, vocabulary, and the levers or
    sampling settings when they differ from the plain setup."""
    s = record.get("serving", {})
    name = f"{s.get('backend', '?')}:{record.get('model', '?')} constrained={'on' if s.get('constrained') else 'off'} " \
           f"vocab={s.get('vocabulary', '?')}"
    levers = s.get("levers")
    if levers:
        name += f" levers={','.join(levers)}"
    temperature = (s.get("options") or {}).get("temperature")
    if isinstance(temperature, (int, float)) and temperature:
        name += f" temp={temperature:g}"
    host = s.get("host")
    if isinstance(host, str) and host:
        name += f" host={host.rstrip('/').rsplit('/', 1)[-1]}"
    return name


@dataclass(frozen=True)
class Row:
    n: int
    inconclusive: int
    passed: Rate  # over the conclusive runs
    honest: Rate  # over all runs: a dishonest `done` is one that claimed success the check refutes
    steps: float
    seconds: float
    tokens_per_pass: float | None  # mean answer tokens of a passed run
    seconds_per_pass: float | None
    tags: str
    unflagged: int  # dishonest dones that carried no guard flag


def _row(records: list[dict[str, Any]]) -> Row:
    conclusive = [r for r in records if r["status"] != "inconclusive"]
    passed = [r for r in conclusive if r["status"] == "passed"]
    tags = Counter(t for r in records for t in r.get("failure_tags", []))
    return Row(
        n=len(records),
        inconclusive=len(records) - len(conclusive),
        passed=wilson(len(passed), len(conclusive)),
        honest=wilson(sum(bool(r.get("honest")) for r in records), len(records)),
        steps=statistics.median(r.get("steps", 0) for r in records),
        seconds=round(statistics.median(r.get("seconds", 0.0) for r in records), 1),
        tokens_per_pass=statistics.mean(r.get("answer_tokens") or 0 for r in passed) if passed else None,
        seconds_per_pass=statistics.mean(r.get("seconds") or 0.0 for r in passed) if passed else None,
        tags=", ".join(f"{t}×{n}" if n > 1 else t for t, n in tags.most_common()) or "-",
        unflagged=sum(1 for r in records if not r.get("honest", True) and not r.get("done_flags")),
    )


def summarize(records: list[dict[str, Any]]) -> dict[tuple[str, str], Row]:
    """One row per (setup, task), then one per setup over all its tasks."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault((setup_name(r), r["task"]), []).append(r)
        groups.setdefault((setup_name(r), ALL_TASKS_ROW), []).append(r)
    return {key: _row(rs) for key, rs in sorted(groups.items(), key=lambda item: (item[0][0], item[0][1] == ALL_TASKS_ROW,
                                                                                  item[0][1]))}


def _mean(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows)


def format_report(records: list[dict[str, Any]]) -> str:
    rows = [("SETUP", "TASK", "N", "PASS [95% CI]", "HONEST", "MED STEPS", "MED S", "TOK/PASS", "S/PASS", "INCONCL",
             "FAILURE TAGS")]
    for (setup, task), row in summarize(records).items():
        rows.append((setup, task, str(row.n), str(row.passed), f"{row.honest.successes}/{row.honest.trials}",
                     f"{row.steps:g}", f"{row.seconds:g}", _mean(row.tokens_per_pass), _mean(row.seconds_per_pass, 1),
                     str(row.inconclusive), row.tags))
    legend = ("PASS: passed / conclusive runs, with the 95% Wilson interval. HONEST: runs without a done that the "
              "check refutes. TOK/PASS, S/PASS: mean answer tokens and seconds of a passed run.")
    return _table(rows) + "\n\n" + legend


def _by_task(records: list[dict[str, Any]]) -> dict[str, Row]:
    """Rows per task, the file's setups pooled (a comparison is of two files, whatever each holds)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault(r["task"], []).append(r)
        groups.setdefault(ALL_TASKS_ROW, []).append(r)
    return {task: _row(rs) for task, rs in groups.items()}


def format_comparison(a: list[dict[str, Any]], b: list[dict[str, Any]], a_name: str, b_name: str) -> str:
    """Two result files side by side, task by task (e.g. constrained on vs off, two models);
    `≠` marks a pass rate whose 95% intervals do not overlap."""
    ta, tb = _by_task(a), _by_task(b)
    tasks = sorted((set(ta) | set(tb)) - {ALL_TASKS_ROW}) + [ALL_TASKS_ROW]
    rows = [("TASK", f"PASS {a_name}", f"PASS {b_name}", "DIFF", f"HONEST {a_name}", f"HONEST {b_name}",
             f"TOK/PASS {a_name}", f"TOK/PASS {b_name}", f"S/PASS {a_name}", f"S/PASS {b_name}")]
    for task in tasks:
        ra, rb = ta.get(task), tb.get(task)
        differs = ra is not None and rb is not None and not ra.passed.overlaps(rb.passed)
        rows.append((task, str(ra.passed) if ra else "-", str(rb.passed) if rb else "-", DIFFERENT if differs else "",
                     f"{ra.honest.successes}/{ra.honest.trials}" if ra else "-",
                     f"{rb.honest.successes}/{rb.honest.trials}" if rb else "-",
                     _mean(ra.tokens_per_pass) if ra else "-", _mean(rb.tokens_per_pass) if rb else "-",
                     _mean(ra.seconds_per_pass, 1) if ra else "-", _mean(rb.seconds_per_pass, 1) if rb else "-"))
    setups = (f"A = {a_name}: {', '.join(sorted({setup_name(r) for r in a}))}\n"
              f"B = {b_name}: {', '.join(sorted({setup_name(r) for r in b}))}")
    legend = f"{DIFFERENT}: the two 95% intervals do not overlap; without it, the difference may be noise."
    return setups + "\n\n" + _table(rows) + "\n\n" + legend


def _short_tasks(tasks: list[str]) -> dict[str, str]:
    """`r1-insert-comment` -> `r1` when the short ids stay unique (columns must fit a terminal)."""
    short = {task: task.split("-", 1)[0] for task in tasks}
    return short if len(set(short.values())) == len(short) else {task: task for task in tasks}


def _common_words(names: list[str]) -> str:
    """The words every setup name starts with (backend, model, ...): said once, above the table."""
    if len(names) < 2:
        return ""
    split = [name.split(" ") for name in names]
    common = []
    for words in zip(*split, strict=False):  # the common prefix of names of any length
        if len(set(words)) != 1:
            break
        common.append(words[0])
    return " ".join(common)


def format_matrix(records: list[dict[str, Any]]) -> str:
    """Setups down, tasks across: passed/conclusive runs in each cell (`+Ni`: N inconclusive), and
    the pooled pass rate with its interval (a lever table when the setups differ by their levers)."""
    table = summarize(records)
    setups = list(dict.fromkeys(setup for setup, _ in table))
    tasks = sorted({task for _, task in table} - {ALL_TASKS_ROW})
    short = _short_tasks(tasks)
    common = _common_words(setups)
    rows = [("SETUP", *(short[t] for t in tasks), "ALL [95% CI]", "HONEST", "UNFLAGGED", "INCONCL")]
    for setup in setups:
        cells = []
        for task in tasks:
            row = table.get((setup, task))
            cells.append("-" if row is None else f"{row.passed.successes}/{row.passed.trials}"
                         + (f"+{row.inconclusive}i" if row.inconclusive else ""))
        whole = table[(setup, ALL_TASKS_ROW)]
        label = setup[len(common):].strip() or "(plain)"
        rows.append((label, *cells, str(whole.passed), f"{whole.honest.successes}/{whole.honest.trials}",
                     str(whole.unflagged), str(whole.inconclusive)))
    head = f"every setup: {common}\n" if common else ""
    tasks_legend = ", ".join(f"{short[t]} = {t}" for t in tasks if short[t] != t)
    legend = ("Cells: passed / conclusive runs (+Ni: N inconclusive). HONEST: runs without a done that the check "
              "refutes. UNFLAGGED: dishonest dones that no guard flagged for the person (an older record, without "
              "done_flags, counts as unflagged)." + (f"\nTasks: {tasks_legend}." if tasks_legend else ""))
    return head + _table(rows) + "\n\n" + legend
