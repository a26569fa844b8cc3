"""The vocabularies' names (what `--vocabulary` and the `vocabulary` setting take) and what each
offers, in words, without importing the core: the command line's parser needs them on every start,
and importing the kinds registry imports the whole core (half a second). Which kinds each offers
is the kinds registry's (agent/reply/kinds/__init__.py), keyed by these names."""

from __future__ import annotations

SEED, EXTENDED, EDIT = "seed", "extended", "edit"
DEFAULT = SEED
VOCABULARIES: dict[str, str] = {
    SEED: "the five of the seed benchmark",
    EXTENDED: "adds two line edits (lines by number)",
    EDIT: "adds one text edit (the one place some exact text occurs)",
}


def names() -> list[str]:
    return list(VOCABULARIES)


def vocabulary_help() -> str:
    """--vocabulary's help: each vocabulary and what it offers."""
    return "the actions the model is offered: " + "; ".join(f"{name}, {words}" for name, words in VOCABULARIES.items())
