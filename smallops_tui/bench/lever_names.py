"""The harness levers' names (what `smallops bench --levers` takes), without importing the core:
the command line's parser needs them on every start. What each does is in levers.py."""

from __future__ import annotations

LEVERS: dict[str, str] = {
    "tree": "the workspace's file tree in the first prompt",
    "paths": "a per-turn schema of existing paths",
    "example": "a one-shot example in the system prompt",
    "guidance": "after REPEAT or MISSING PATH, feedback naming what exists",
    "cap": "a token cap per action sized to the task",
    "fresh": "reads and listings already done since the last change left out of the per-turn schema",
}
NO_LEVERS = "none"
DEFAULT_LEVERS = "cap"  # the bench's default: the levers kept by measurement (docs/bench.md, the levers)


def parse_levers(text: str | None) -> tuple[str, ...]:
    """`tree,paths` -> ('tree', 'paths'); `all`; `none` (or empty) -> (); ValueError names an unknown one."""
    if text is None or text.strip() in ("", NO_LEVERS):
        return ()
    names = [n.strip() for n in text.split(",") if n.strip()]
    if names == ["all"]:
        return tuple(LEVERS)
    unknown = [n for n in names if n not in LEVERS]
    if unknown:
        raise ValueError(f"unknown lever {', '.join(unknown)}; levers: {', '.join(LEVERS)}, all, none")
    return tuple(n for n in LEVERS if n in names)  # one canonical order, so records group
