"""What a step keeps so that it costs the same at step 2,000 as at step 10 (issue 33): the
workspace's file list kept while no directory changed (walk_cache.py), the newest step of each
action (the repeat guard), the paths seen since the last change (the `fresh` lever), and the
schema's path fields built once per tree. Each is checked against the plain computation it
replaced, over random sequences of changes (hypothesis)."""

from __future__ import annotations

import copy
import os
import shutil
import time
from pathlib import Path

from hypothesis import given, settings, strategies as st

from smallops_tui.agent.files.walk_cache import RACY_NS, WalkCache
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import ListDir, ReadFile, RunCommand
from smallops_tui.agent.session.config import SessionConfig
from smallops_tui.agent.session.guards import SessionHistory, action_key
from smallops_tui.agent.session.levers.part import Levers

NAMES = st.sampled_from(["a.txt", "b.py", "c", ".hidden", "d e.md"])
DIRS = st.sampled_from(["", "src", "src/pkg", "docs", ".github"])


def age(root: Path, seconds: float) -> None:
    """Every directory under `root` as if last changed `seconds` ago (a walk keeps only a tree
    whose directories are older than the timestamp granularity: RACY_NS)."""
    past = time.time() - seconds
    for dirpath, _dirs, _files in os.walk(root):
        os.utime(dirpath, (past, past))


def plain_walk(root: Path) -> list[str]:
    """The list without the cache: a new Workspace walks."""
    return Workspace(root, protected=()).walk_files()


OPS = st.lists(st.tuples(st.sampled_from(["create", "delete", "rename", "mkdir", "rmdir", "time"]), DIRS, NAMES),
               min_size=1, max_size=25)


@settings(max_examples=60, deadline=None)
@given(ops=OPS)
def test_the_kept_walk_is_always_the_tree_as_it_is(tmp_path_factory, ops: list[tuple[str, str, str]]) -> None:
    root = tmp_path_factory.mktemp("tree")
    workspace = Workspace(root, protected=())
    for op, folder, name in ops:
        where = root / folder
        if op == "create":
            where.mkdir(parents=True, exist_ok=True)
            if not (where / name).is_dir():
                (where / name).write_text("x")
        elif op == "delete" and (where / name).is_file():
            (where / name).unlink()
        elif op == "rename" and (where / name).is_file():
            (where / name).rename(where / ("renamed-" + name))
        elif op == "mkdir" and not (where / name).exists():
            (where / name).mkdir(parents=True)
        elif op == "rmdir" and folder and where.is_dir():
            shutil.rmtree(where)
        elif op == "time":
            age(root, 3600)  # time passes: the kept walk may now be trusted
        assert workspace.walk_files() == plain_walk(root), (op, folder, name)


def test_an_unchanged_tree_is_walked_once_and_a_change_walks_again(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("a")
    age(tmp_path, 3600)
    walks: list[int] = []

    def walk() -> tuple[list[str], list[str]]:
        walks.append(1)
        return Workspace(tmp_path, protected=())._walk(False)

    cache = WalkCache()
    assert cache.files(walk) == ["src/a.py"] and cache.files(walk) == ["src/a.py"]
    assert len(walks) == 1
    (tmp_path / "src" / "b.py").write_text("b")  # a name added two levels down
    assert cache.files(walk) == ["src/a.py", "src/b.py"]
    assert len(walks) == 2


def test_a_directory_changed_just_before_the_walk_is_not_trusted(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a")  # now: within RACY_NS of the walk
    assert RACY_NS >= 1_000_000_000
    walks: list[int] = []

    def walk() -> tuple[list[str], list[str]]:
        walks.append(1)
        return Workspace(tmp_path, protected=())._walk(False)

    cache = WalkCache()
    cache.files(walk)
    cache.files(walk)
    assert len(walks) == 2  # a change in the same tick could have the same mtime: walked again


ACTIONS = st.one_of(
    st.builds(ReadFile, path=st.sampled_from(["a.txt", "b.txt", "src/c.py"])),
    st.builds(ListDir, path=st.sampled_from([".", "src"])),
    st.builds(RunCommand, command=st.sampled_from(["ls", "make test"])),
)


@settings(max_examples=200, deadline=None)
@given(steps=st.lists(st.tuples(ACTIONS, st.booleans(), st.booleans()), max_size=30), probe=ACTIONS)
def test_the_newest_step_of_each_action_is_the_one_a_scan_back_finds(
        steps: list[tuple[ReadFile | ListDir | RunCommand, bool, bool]], probe: ReadFile | ListDir | RunCommand) -> None:
    history = SessionHistory(baseline={})
    for number, (action, ok, changed) in enumerate(steps, 1):
        history.record(number, action, ok, changed)
    key = action_key(probe)
    scanned = next((record for record in reversed(history.steps) if record.key == key), None)
    assert history.newest.get(key) == scanned


@settings(max_examples=150, deadline=None)
@given(steps=st.lists(st.tuples(ACTIONS, st.booleans(), st.booleans(), st.booleans()), max_size=30))
def test_what_was_seen_since_the_last_change_matches_a_walk_over_every_step(
        tmp_path_factory, steps: list[tuple[ReadFile | ListDir | RunCommand, bool, bool, bool]]) -> None:
    """Asked after every step, as the lever is, the kept sets equal a recomputation from scratch
    (the rule before: a step counts when it ran OK since the last change and read or listed a path)."""
    levers = Levers(SessionConfig(task="t", levers=("fresh",)), Workspace(tmp_path_factory.mktemp("w")))
    history = SessionHistory(baseline={})
    for number, (action, ok, changed, ask) in enumerate(steps, 1):
        if not isinstance(action, RunCommand):  # set when the step's action was proposed
            levers.memory.looked_at[number] = action.path
        history.record(number, action, ok, changed)
        if not ask:
            continue
        reads = {levers.memory.looked_at[r.step] for r in history.steps
                 if r.changes_before == history.changes and r.ok and r.action == ReadFile.NAME}
        lists = {levers.memory.looked_at[r.step] for r in history.steps
                 if r.changes_before == history.changes and r.ok and r.action == ListDir.NAME}
        assert levers.looked_at_since_last_change(history) == (frozenset(reads), frozenset(lists))


def test_the_schema_fields_built_once_are_not_shared_between_turns(tmp_path: Path) -> None:
    """Each turn gets its own schema: a change to one (a backend's converter may rewrite it) is not
    seen by the next, though its path fields come from the same tree's cached build."""
    from smallops_tui.agent.session.levers.schema import paths_schema

    for index in range(250):  # past the enum limit: a pattern
        (tmp_path / f"file{index}.txt").write_text("x")
    workspace = Workspace(tmp_path, protected=())
    first = paths_schema("seed", workspace)
    expected = copy.deepcopy(first)
    assert any("pattern" in str(alternative["properties"].get("path")) for alternative in first["oneOf"])

    def wipe(value: object) -> None:
        if isinstance(value, dict):
            for inner in value.values():
                wipe(inner)
            value.clear()
        elif isinstance(value, list):
            for inner in value:
                wipe(inner)
            value.clear()

    wipe(first)
    assert paths_schema("seed", workspace) == expected
