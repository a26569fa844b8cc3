"""Shared fixtures for tests/unit (the core, no screen, no server) and tests/functional (the app,
real servers, real processes): where the data is, a small workspace like the seed benchmark's,
and app directories of the test's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent import Workspace

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
DATA = TESTS / "data"
SESSIONS = REPO / "fixtures" / "sessions"  # logs made by real runs of the app (make_session_fixtures.py)
TASKS = REPO / "fixtures" / "tasks"

WORKSPACE_FILES = {
    "main.py": "def add(a, b):\n    return a - b\n\n\nprint(add(2, 3))\n",
    "math.js": "export function add(a, b) {\n  return a + b;\n}\n",
    "README.md": "# demo\n\nA tiny project.\n",
    "notes.txt": "keep me\n",
    "src/app.py": "import sys\n\nprint(sys.argv)\n",
    "build/out.o": "binary-ish\n",
}


def make_files(root: Path, files: dict[str, str]) -> None:
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content)


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    root = tmp_path / "ws"
    root.mkdir()
    make_files(root, WORKSPACE_FILES)
    return Workspace(root)


@pytest.fixture(scope="session")
def shared_models_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The embedded models assembled once for the whole run (1.1 GB: not once per test)."""
    return tmp_path_factory.mktemp("models")


@pytest.fixture(autouse=True)
def isolated_app_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared_models_dir: Path) -> None:
    """Never touch the real config or session folders from a test."""
    monkeypatch.setenv("SMALLOPS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SMALLOPS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLOPS_MODELS_DIR", str(shared_models_dir))


def load(name: str) -> list[dict]:
    return json.loads((DATA / name).read_text())
