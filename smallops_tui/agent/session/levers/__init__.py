"""Harness levers: what the session does around a small model so that it gets simple tasks done.

Each lever is switchable (`SessionConfig.levers`, `--levers`, the `levers` setting), so the bench
measures it with the same model, tasks and runs, before and after; the default set is the one kept
by that measurement (lever_names.py, docs/bench.md). One module per kind of help:

- opening.py: what the model is told before its first turn (`plan`'s rule, `example`, `tree`, the
  files the task names: `mentioned`);
- schema.py: what it may say, turn by turn (`paths`, `fresh`), and how long (`cap`, `plan`'s room);
- answers.py: what the harness answers itself instead of proposing to the person, each answer a
  notice in the log and on screen (`readfirst`, `noop`, `again`, `nearcopy`, `lint`, `rejected`),
  and `guidance` after a REPEAT or MISSING PATH;
- part.py: `Levers`, the part a session holds that applies them (each lever wired to its moment)
  and keeps what they need to remember.

Lever (d) of the seed, temperature 0 and a fixed seed, is not a switch but the bench's defaults.
"""

from .opening import file_tree, mentioned_files
from .schema import CAP_CEILING, CAP_FLOOR, chat_options, paths_schema, task_cap
from .answers import duplicates_neighbours, guidance, syntax_broken
from .part import Levers

__all__ = ["CAP_CEILING", "CAP_FLOOR", "Levers", "chat_options", "duplicates_neighbours", "file_tree", "guidance",
           "mentioned_files", "paths_schema", "syntax_broken", "task_cap"]
