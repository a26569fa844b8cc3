"""`rerun`: a command run again with nothing in the workspace changed since it last ran is answered
with what it printed then, instead of being proposed.

A small model that runs the tests and sees a failure often runs them again, and again, without
touching the code: on held-out tasks (m01, m03 of heldout4; k04, k02, t3, …) the same test command
was proposed up to six times in a row with no change between, to the step cap. Each run printed
the same failure; each cost a turn and, in a supervised session, a key. The answer says what it
printed and that nothing has changed, and the next turn cannot run a command: the model acts on
the failure it has (an edit, a read) or says done.

Only the exact command (spaces at its ends aside) counts, and only while no file has changed since
it ran (its own changes included): `history.changes` counts every applied edit, undo and command
that changed a file.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...reply.kinds import Action, RunCommand
from .answers import Answer

# What of the earlier output the model is shown again: its end, where a test runner says what failed.
SHOWN_CHARS = 1_200


@dataclass(frozen=True)
class CommandRun:
    step: int
    changes: int  # the workspace's change count after it ran
    exit_code: int | None
    output: str


def ran_again(action: Action, runs: dict[str, CommandRun], changes: int) -> Answer | None:
    if not isinstance(action, RunCommand):
        return None
    command = action.command.strip()
    earlier = runs.get(command)
    if earlier is None or earlier.changes != changes:
        return None
    output = earlier.output.strip()
    shown = output if len(output) <= SHOWN_CHARS else "…" + output[-SHOWN_CHARS:]
    code = f"exited with code {earlier.exit_code}" if earlier.exit_code is not None else "ended"
    return Answer(
        f"rerun: the model asked to run `{command}` again; no file has changed since it ran at step {earlier.step}",
        f"You ran `{command}` at step {earlier.step}, and no file has changed since: it {code} and printed:\n"
        f"{shown or '(no output)'}\nRunning it again would tell you nothing new. Act on what it printed: read or "
        "edit the file it points to, or say done if the task is finished.",
        skip_next=("run_command",))
