"""The registry of action kinds: every kind is whole (a name, an example that is one of it and
works in the example workspace, a vocabulary that offers it), and the parser, the schema and the
previews take each one from it, whatever the kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent import parse_reply, vocabulary_schema
from smallops_tui.agent.files.edits import preview_edit
from smallops_tui.agent.reply.kinds import KINDS, VOCABULARIES, ActionKind, EditAction, kind_named
from smallops_tui.agent.reply.parsing import closest_action
from smallops_tui.agent.reply.actions import vocabulary
from smallops_tui.vocabulary_names import DEFAULT, names as vocabulary_names

from ..every_kind import KIND_PARAMS, example_of, example_workspace, vocabulary_of


def test_every_kind_has_its_own_name_and_every_vocabulary_names_registered_kinds() -> None:
    names = [kind.NAME for kind in KINDS]
    assert len(set(names)) == len(names) and all(names)
    for spec in VOCABULARIES.values():
        assert set(spec.kinds) <= set(KINDS)
    assert {kind for spec in VOCABULARIES.values() for kind in spec.kinds} == set(KINDS)  # none left unoffered


def test_the_command_line_offers_exactly_the_registry_s_vocabularies() -> None:
    """--vocabulary and the setting take vocabulary_names.py's names (read without importing the
    core); each names one vocabulary of the registry, and every vocabulary is named."""
    assert vocabulary_names() == list(VOCABULARIES) and DEFAULT in VOCABULARIES


@pytest.mark.parametrize("kind", KIND_PARAMS)
def test_a_kinds_example_is_parsed_as_one_of_it_in_the_schema_of_its_vocabulary(kind: type[ActionKind]) -> None:
    result = parse_reply(json.dumps(example_of(kind)), vocabulary_of(kind))
    assert isinstance(result.action, kind) and not result.repairs
    assert kind_named(kind.NAME) is kind
    consts = [alt["properties"]["action"]["const"] for alt in vocabulary_schema(vocabulary_of(kind))["oneOf"]]
    assert kind.NAME in consts
    assert result.action.title().startswith(kind.NAME)


@pytest.mark.parametrize("kind", [kind for kind in KINDS if issubclass(kind, EditAction)], ids=lambda k: k.NAME)
def test_every_edit_kinds_example_previews_a_change_in_the_example_workspace(kind: type[EditAction],
                                                                             tmp_path: Path) -> None:
    action = kind.model_validate(example_of(kind))
    preview = preview_edit(action, example_workspace(tmp_path / "ws"))
    assert preview.before is not None and preview.after != preview.before and preview.diff.unified


@pytest.mark.parametrize("name, vocabulary_name, suggested", [
    ("edit_file", "seed", "write_file"), ("edit_file", "extended", "replace_lines"),
    ("edit_file", "edit", "replace_text"), ("insert_line", "extended", "insert_lines"),
    ("patch_file", "extended", "write_file"), ("cat", "edit", "read_file"),
])
def test_a_made_up_name_is_answered_with_the_most_specific_kind_the_vocabulary_offers(
        name: str, vocabulary_name: str, suggested: str) -> None:
    assert closest_action(name, vocabulary(vocabulary_name)) == suggested


def test_a_kind_outside_the_vocabulary_says_which_vocabulary_has_it() -> None:
    failure = parse_reply('{"action": "replace_text", "path": "a", "old": "x", "new": "y"}', "seed").failure
    assert failure is not None and "(it exists only in the edit vocabulary)" in failure.message
