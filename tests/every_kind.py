"""Every registered action kind, as the tests of each front end propose it: the kind's own example
(its `example`, written for EXAMPLE_FILES), in the first vocabulary that offers it, followed by a
`done`. A test parametrized with KIND_PARAMS covers a kind added to the registry without a line of
its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.log.json_value import JsonObject
from smallops_tui.agent.reply.kinds import EXAMPLE_FILES, KINDS, ActionKind, Done, vocabularies_with

from .conftest import make_files

KIND_PARAMS = [pytest.param(kind, id=kind.NAME) for kind in KINDS]
SUMMARY = "looked and changed what the example says"


def example_of(kind: type[ActionKind]) -> JsonObject:
    """The kind's example as the model writes it."""
    return {"action": kind.NAME, **kind.example}


def vocabulary_of(kind: type[ActionKind]) -> str:
    return vocabularies_with(kind)[0]


def replies_of(kind: type[ActionKind]) -> list[JsonObject]:
    """What the model answers, turn by turn: the example, then `done` (a `done` example alone)."""
    done: JsonObject = {"action": Done.NAME, "summary": SUMMARY}
    return [example_of(kind)] if kind is Done else [example_of(kind), done]


def example_workspace(root: Path) -> Workspace:
    """The workspace the kinds' examples are written for, made at `root`."""
    root.mkdir(parents=True)
    make_files(root, dict(EXAMPLE_FILES))
    return Workspace(root)
