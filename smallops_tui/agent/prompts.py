"""What the model is told: the system prompt, and the feedback after each step.

Small models follow short, concrete prompts best. The schema goes in the prompt as well as
in the request: Ollama's grammar constrains sampling but does not show the model the schema
(protocols.md §1.5), and a model that has not seen the format wastes tokens on whitespace.
"""

from __future__ import annotations

from .actions import describe_vocabulary

SYSTEM_PROMPT = """\
You are a coding agent working in a project directory. A person reviews every action before it runs.
Reply with exactly ONE JSON object per turn and nothing else. The available actions:
{actions}

Rules:
- Paths are relative to the project directory.
- write_file replaces the whole file with "content".{extended_rule}
- After each action you receive its real result. Use it; do not guess what a command printed.
- When the task is finished, reply with the "done" action and say truthfully what changed.
"""

EXTENDED_RULE = """
- To change a few lines, prefer replace_lines (lines start..end, 1-based, inclusive) or
  insert_lines (after line N; 0 inserts at the top) over rewriting the whole file."""


def system_prompt(vocabulary: str = "seed") -> str:
    return SYSTEM_PROMPT.format(
        actions=describe_vocabulary(vocabulary),
        extended_rule=EXTENDED_RULE if vocabulary == "extended" else "",
    )


def task_message(task: str) -> str:
    return f"Task: {task}\nStart by looking at the project if you need to. Reply with one JSON action."
