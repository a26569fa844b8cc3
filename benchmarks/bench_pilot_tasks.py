"""The nine bench tasks' wall time with the embedded default, run by the installed `smallops bench`
(the door a user opens), against a recorded baseline run.

    python benchmarks/bench_pilot_tasks.py [--levers default] [--baseline benchmarks/results/pilot-cap8.jsonl]

Prints each task's seconds and result, the total wall time and passes, and the ratio of the total to
the baseline's (the same nine tasks with `--levers cap`, the bench's old default, recorded in
benchmarks/results/). Temperature 0 and seed 0, as the bench's defaults. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "results" / "pilot-cap8.jsonl"  # --levers cap, one run a task, temperature 0


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levers", default=None, help="levers for this run (default: the bench's default)")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    parser.add_argument("--smallops", default=str(Path(sys.executable).parent / "smallops"))
    parser.add_argument("--model", default=None, help="a shipped model's name or a .gguf file (default: the default)")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp(prefix="smallops-bench-pilot-")) / "nine.jsonl"
    argv = [args.smallops, "bench", "--backend", "embedded", "--out", str(out)]
    if args.levers:
        argv += ["--levers", args.levers]
    if args.model:
        argv += ["--model", args.model]
    started = time.monotonic()
    done = subprocess.run(argv, capture_output=True, text=True)
    wall = time.monotonic() - started
    if done.returncode != 0:
        raise SystemExit(f"smallops bench failed ({done.returncode}): {done.stderr.strip()}")
    ran = records(out)
    print(f"{'task':<20} {'result':<13} {'steps':>5} {'seconds':>8}")
    for record in ran:
        print(f"{record['task']:<20} {record['status']:<13} {record['steps']:>5} {record['seconds']:>8.1f}")
    total = sum(float(r["seconds"]) for r in ran)  # type: ignore[arg-type]
    passed = sum(r["status"] == "passed" for r in ran)
    print(f"\nthis run: {passed}/{len(ran)} passed, {total:.0f} s in the runs, {wall:.0f} s wall (load included); "
          f"levers {ran[0]['serving']['levers'] if ran else '?'}")  # type: ignore[index]
    if args.baseline.exists():
        base = records(args.baseline)
        base_total = sum(float(r["seconds"]) for r in base)  # type: ignore[arg-type]
        base_passed = sum(r["status"] == "passed" for r in base)
        print(f"baseline {args.baseline.name}: {base_passed}/{len(base)} passed, {base_total:.0f} s in the runs")
        print(f"ratio this/baseline (seconds in the runs): {total / base_total:.2f}")


if __name__ == "__main__":
    main()
