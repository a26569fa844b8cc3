"""Commands: how often the risk rules are right on the corpus, and what the sandbox costs.

    python benchmarks/bench_commands.py          # prints numbers and ratios; asserts nothing

1. Classification accuracy on tests/data/commands.json and commands_issue30.json (every line
   has the level a person should see), overall and per class, plus how many dangerous commands
   came out LOW (the failure that matters most) and the time per classification.
2. The cost per command of the sandbox: median wall time of `run_command("true")` under each
   sandbox this machine has, against `/bin/sh -c true` started the way the runner used to
   start commands (asyncio, own process group, no wrapper). Target (issue #11): < 20 ms more.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from smallops_tui.agent import RunCommand, Workspace, classify  # noqa: E402
from smallops_tui.agent.sandbox.runner import run_command  # noqa: E402
from smallops_tui.agent.sandbox.confine import SandboxUnavailable, resolve_sandbox  # noqa: E402
from tests.conftest import WORKSPACE_FILES, make_files  # noqa: E402

RUNS = 40
TARGET_EXTRA_MS = 20.0


def accuracy(name: str = "commands.json") -> None:
    corpus = json.loads((ROOT / "tests" / "data" / name).read_text())
    root = Path(tempfile.mkdtemp()) / "ws"
    root.mkdir()
    make_files(root, WORKSPACE_FILES)
    workspace = Workspace(root)
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    dangerous_low = []
    started = time.perf_counter()
    for case in corpus:
        command = case["command"].replace("{OUTSIDE}", str(root.parent / "outside"))
        verdict = classify(RunCommand(command=command), workspace)
        total[case["class"]] += 1
        right[case["class"]] += verdict.level == case["level"]
        if case["level"] != "LOW" and verdict.level == "LOW":
            dangerous_low.append(case["command"])
    per_command_us = (time.perf_counter() - started) / len(corpus) * 1e6
    levels = Counter(c["level"] for c in corpus)
    print(f"classification of {name}: {sum(right.values())}/{len(corpus)} right "
          f"({sum(right.values()) / len(corpus):.1%}); corpus {dict(levels)}; {per_command_us:.0f} µs per command")
    print(f"  not-LOW commands classified LOW: {len(dangerous_low)}" + (f" {dangerous_low}" if dangerous_low else ""))
    for name in sorted(total, key=lambda n: -total[n]):
        print(f"  {name:<16} {right[name]:>4}/{total[name]:<4} {right[name] / total[name]:.1%}")


async def _median_ms(make) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        await make()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def sandbox_cost() -> None:
    workspace = tempfile.mkdtemp()

    async def plain_shell() -> None:
        proc = await asyncio.create_subprocess_shell("true", cwd=workspace, stdout=asyncio.subprocess.PIPE,
                                                     stderr=asyncio.subprocess.STDOUT, start_new_session=True)
        await proc.communicate()

    baseline = await _median_ms(plain_shell)
    print(f"\nsandbox cost per command (`true`, median of {RUNS}):")
    print(f"  {'/bin/sh -c true, no wrapper (baseline)':<44} {baseline:>7.1f} ms")
    for mode in ("off", "landlock", "bwrap"):
        try:
            sandbox = resolve_sandbox(mode)
        except SandboxUnavailable as exc:
            print(f"  {mode:<44} skipped: {exc}")
            continue
        cost = await _median_ms(lambda sandbox=sandbox: run_command("true", workspace, sandbox=sandbox))
        extra = cost - baseline
        verdict = "meets" if extra <= TARGET_EXTRA_MS else "MISSES"
        label = f"{mode} ({sandbox.label()})" if mode != "off" else "wrapper only (containment, no sandbox)"
        print(f"  {label:<44} {cost:>7.1f} ms   +{extra:.1f} ms = {cost / baseline:.1f}x baseline; "
              f"target +{TARGET_EXTRA_MS:g} ms: {verdict}")


def main() -> None:
    accuracy()
    accuracy("commands_issue30.json")
    asyncio.run(sandbox_cost())


if __name__ == "__main__":
    main()
