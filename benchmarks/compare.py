"""Run one benchmark on two source trees, alternately, and print both with their ratio.

    python benchmarks/compare.py bench_stream.py /path/to/baseline [--rounds 3] [-- bench args]

The rounds alternate (baseline, this tree, baseline, ...) so both see the same machine load;
each value is the median over the rounds. Prints the load average before and after, so a
reader can tell a busy machine from a slow program.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from _common import format_row, machine_load

HERE = Path(__file__).resolve().parent


def run(bench: str, tree: Path, args: list[str]) -> dict:
    env = dict(os.environ, SMALLOPS_BENCH_TREE=str(tree))
    done = subprocess.run([sys.executable, str(HERE / bench), "--json", *args], env=env, capture_output=True,
                          text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{bench} failed on {tree}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    bench, baseline = argv[0], Path(argv[1]).resolve()
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    branch = HERE.parent
    print(f"{bench}: {rounds} alternating rounds; baseline {baseline}, this tree {branch}")
    print(f"before: {machine_load()}")
    results: dict[str, list[dict]] = {"base": [], "new": []}
    for _ in range(rounds):
        results["base"].append(run(bench, baseline, extra))
        results["new"].append(run(bench, branch, extra))
    print(f"after:  {machine_load()}")
    print(results["new"][0]["title"])
    for index, row in enumerate(results["new"][0]["rows"]):
        new = statistics.median(r["rows"][index]["value"] for r in results["new"])
        base = statistics.median(r["rows"][index]["value"] for r in results["base"])
        print(format_row({**row, "value": new}, baseline=base))


if __name__ == "__main__":
    main()
