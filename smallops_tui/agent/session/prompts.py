"""What the model is told: the system prompt, and the feedback after each step.

Small models follow short, concrete prompts best. The schema goes in the prompt as well as
in the request: Ollama's grammar constrains sampling but does not show the model the schema
(its structured-outputs documentation advises putting the schema in the prompt too;
docs/model-servers.md), and a model that has not seen the format wastes tokens on whitespace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..reply.actions import describe_vocabulary
from ..reply.kinds import VOCABULARIES, Done, WriteFile

if TYPE_CHECKING:
    from ..sandbox.runner import CommandResult

SYSTEM_PROMPT = """\
You are a coding agent working in a project directory. A person reviews every action before it runs.
Reply with exactly ONE JSON object per turn and nothing else. The available actions:
{actions}

Rules:
- Paths are relative to the project directory.
- {write_file} replaces the whole file with "content".{advice}
- After each action you receive its real result. Use it; do not guess what a command printed.
- Commands run in a sandbox: they may write only inside the project directory (and $TMPDIR), and
  every process a command starts ends with it (nothing keeps running in the background).
- When the task is finished, reply with the "{done}" action and say truthfully what changed.
"""

def system_prompt(vocabulary: str = "seed") -> str:
    return SYSTEM_PROMPT.format(actions=describe_vocabulary(vocabulary), write_file=WriteFile.NAME, done=Done.NAME,
                                advice=VOCABULARIES[vocabulary].advice)


def task_message(task: str) -> str:
    return f"Task: {task}\nStart by looking at the project if you need to. Reply with one JSON action."


# How the last task ended, as the model is told when the next one begins (done says nothing more).
ENDED_HOW = {"stopped": "The person stopped the last task; your last proposal did not run.",
             "step_cap": "The last task stopped at its step limit.",
             "backend_error": "The last task stopped after the model's reply failed.",
             "error": "The last task stopped on an error inside the harness."}


def follow_up_message(task: str, last_ended: str = "done") -> str:
    """A follow-up task in the same conversation: what came before stays, and files may have
    changed since (the person, between tasks)."""
    ended = ENDED_HOW.get(last_ended, "")
    return ((f"{ended}\n" if ended else "")
            + f"New task: {task}\nThe conversation so far is yours to use; files may have changed since you last "
              "read them. Reply with one JSON action.")


MAX_FEEDBACK_CHARS = 12_000


def clip(text: str, limit: int = MAX_FEEDBACK_CHARS) -> str:
    return clipped(text, limit)[0]


@dataclass(frozen=True)
class Cut:
    """What `clip` left out of a text: its middle. Lines are counted from 1; the head is lines
    1 to `head_lines`, the tail from `tail_from` to `total_lines` (a line cut through counts in both)."""

    total_chars: int
    omitted_chars: int
    head_lines: int
    tail_from: int
    total_lines: int

    def describe(self) -> str:
        """For the person: what the model was sent of the text, and what not."""
        return (f"the model was sent lines 1–{self.head_lines:,} and {self.tail_from:,}–{self.total_lines:,} "
                f"({self.total_chars - self.omitted_chars:,} of {self.total_chars:,} characters; the "
                f"{self.omitted_chars:,} between were cut)")


def clipped(text: str, limit: int = MAX_FEEDBACK_CHARS) -> tuple[str, Cut | None]:
    """The text as the model is sent it (its middle cut past `limit` characters, the cut marked),
    and what was cut, or None when nothing was."""
    if len(text) <= limit:
        return text, None
    half = limit // 2
    total_lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    cut = Cut(len(text), len(text) - limit, text[:half].count("\n") + 1,
              total_lines - text[-half:].rstrip("\n").count("\n"), total_lines)
    return f"{text[:half]}\n[... {len(text) - limit:,} characters omitted ...]\n{text[-half:]}", cut


def parse_failure_feedback(message: str, vocabulary: str) -> str:
    return (f"Your reply could not be used: {message}\n"
            f"Reply with exactly one JSON object, one of:\n{describe_vocabulary(vocabulary)}")


def rejection_feedback(action_name: str, reason: str, detail: str = "") -> str:
    """`detail`: what the levers add (lever `why`: what the risk rules found), one or more sentences."""
    why = reason.strip() or "no reason given"
    said = f" {detail.strip()}" if detail.strip() else ""
    return f"The person rejected your {action_name} action ({why}).{said} Nothing was run. Choose a different action."


def refused_feedback(action_name: str, reason: str) -> str:
    return f"Your {action_name} action was refused and not run: {reason}. Choose a different action."


def undo_feedback(path: str) -> str:
    return f"Note: the person undid the last change to {path}; it is back to how it was before."


def undo_command_feedback(command: str, paths: list[str]) -> str:
    shown = ", ".join(paths[:20]) + (f" and {len(paths) - 20} more" if len(paths) > 20 else "")
    return (f"Note: the person undid the command `{command}`: the workspace is back to how it was before it "
            f"({shown or 'no files'} put back as they were; files it created removed).")


# `&` (not `&&`, `>&`, `&>`), nohup, setsid, disown and friends: a job meant to outlive the command.
_BACKGROUND = re.compile(r"(?<![&>|])&(?![&>])|\b(nohup|setsid|disown|daemonize|start-stop-daemon|screen|tmux)\b")
BACKGROUND_NOTE = ("Note: background jobs (&, nohup, setsid, double forks) do not outlive their command: every "
                   "process it started was stopped when it finished. Run what you need in the foreground.")


def command_feedback(result: CommandResult, cancelled_by: str = "the person") -> tuple[str, str]:
    """The one-line summary shown to the person, and what the model is told about a command."""
    if result.cancelled:
        status = f"was cancelled by {cancelled_by}"
    elif result.timed_out:
        status = "timed out"
    else:
        status = f"exited with code {result.exit_code}"
    summary = f"`{result.command}` {status} after {result.duration:.1f} s"
    text = f"The command `{result.command}` {status}. Output:\n{clip(result.output) or '(no output)'}"
    if _BACKGROUND.search(result.command):
        text += "\n" + BACKGROUND_NOTE
    return summary, text


NUDGE_REASONING_CHARS = 8_000  # the reasoning quoted back in a nudge: its last this many characters


def answer_now_nudge(reasoning: str, why: str) -> str:
    """The message that asks a model whose reasoning was cut to answer now. It carries the
    reasoning so far (its tail, when long), so the model need not start over."""
    tail = reasoning[-NUDGE_REASONING_CHARS:]
    clipped = f" (its last {NUDGE_REASONING_CHARS:,} characters)" if len(reasoning) > len(tail) else ""
    return (f"Your reasoning was stopped: {why}. Here is your reasoning so far{clipped}:\n"
            f"<reasoning>\n{tail}\n</reasoning>\n"
            "Do not reason any further. Reply now with exactly one JSON action object and nothing else.")
