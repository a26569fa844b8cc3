"""Acceptance tests: the installed `smallops` console script, in a real pseudo-terminal, against
servers that behave like the real ones (keep-alive, one token per chunk, cold starts).

SMALLOPS_ACCEPTANCE_BIN picks another installed `smallops` (the wheel test sets it)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..replay_server import Reply, ThreadedReplayServer

CALC = '"""Tiny calculator."""\n\n\ndef add(a, b):\n    return a - b\n\n\ndef sub(a, b):\n    return a - b\n'
FIXED = CALC.replace("return a - b\n\n\ndef sub", "return a + b\n\n\ndef sub")
MODEL = "qwen3:1.7b"  # the first model of the recorded /api/tags
# A first proposal the person is asked about (LOW). Not a listing of `.`: the opening lists the top
# level, so the `fresh` lever answers that one itself and the model is asked again.
LOOK = {"action": "list_dir", "path": "build"}
STAND_IN_LOOK = f"--answer '{json.dumps(LOOK)}'"  # the stand-in worker's flag to propose it


def installed_smallops() -> Path:
    chosen = os.environ.get("SMALLOPS_ACCEPTANCE_BIN")
    path = Path(chosen) if chosen else Path(sys.executable).parent / "smallops"
    if not path.exists():
        pytest.fail(f"no installed smallops at {path}: install the project (pip install -e '.[test]') first",
                    pytrace=False)
    return path


@pytest.fixture
def smallops_bin() -> Path:
    return installed_smallops()


@pytest.fixture
def app_env(tmp_path: Path, shared_models_dir: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("SMALLOPS_", "OLLAMA_", "PYTEST_", "TEXTUAL"))}
    env.update(HOME=str(home), TERM="xterm-256color", COLUMNS="120", LINES="40", LANG="C.UTF-8",
               SMALLOPS_DATA_DIR=str(tmp_path / "data"), SMALLOPS_CONFIG_DIR=str(tmp_path / "config"),
               SMALLOPS_MODELS_DIR=str(shared_models_dir))
    return env


@pytest.fixture
def calc_workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "calc.py").write_text(CALC)
    (root / "build").mkdir()
    (root / "build" / "out.txt").write_text("keep\n")
    return root


def ollama_routes(chat: list[Reply], loaded: bool = False) -> dict[str, list[Reply]]:
    """Discovery as Ollama answers it (recorded shapes), and the scripted chat turns.
    `loaded=False`: /api/ps lists nothing, so the first turn is a cold load."""
    ps = b'{"models": [{"name": "' + MODEL.encode() + b'"}]}' if loaded else b'{"models": []}'
    return {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json")],
            "/api/show": [Reply("ollama_show_qwen3.json"), Reply("ollama_show_llama.json")],
            "/api/ps": [Reply("ollama_version.json", body=ps)], "/api/chat": chat}


@pytest.fixture
def ollama() -> Iterator[type[ThreadedReplayServer]]:
    yield ThreadedReplayServer


def session_logs(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "data" / "sessions").glob("*.jsonl"))
