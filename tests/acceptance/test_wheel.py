"""From the wheel, as a user installs it: build it with the build backend's floor version,
install it (not editable) into a fresh virtual environment, and run the product from there —
the first acceptance test's whole session, and every subcommand.

This is what `pip install .`, pipx and `uv tool install` do; an editable install hides what a
wheel leaves out (the themes and bench tasks once were)."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal
from .test_real_door import supervised_session

ROOT = Path(__file__).resolve().parents[2]
SESSIONS = ROOT / "fixtures" / "sessions"


def build_floor() -> str:
    """The lowest build backend pyproject.toml admits, e.g. `hatchling==1.27`."""
    text = (ROOT / "pyproject.toml").read_text()
    match = re.search(r'requires = \["hatchling>=([0-9.]+)"\]', text)
    assert match, "pyproject.toml's build requirement is not `hatchling>=X`"
    return f"hatchling=={match.group(1)}"


def run(*argv: str | Path, cwd: Path | None = None, timeout: float = 900) -> str:
    result = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{argv}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built by the floor version of the build backend (so the floor is known to build)."""
    base = tmp_path_factory.mktemp("wheel-build")
    builder = base / "builder"
    run(sys.executable, "-m", "venv", builder)
    run(builder / "bin" / "pip", "install", "--quiet", build_floor())
    run(builder / "bin" / "pip", "wheel", "--quiet", "--no-build-isolation", "--no-deps", ROOT, "-w", base / "dist")
    (found,) = (base / "dist").glob("smallops_tui-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv with the wheel (and the embedded extra) installed; yields its bin/ folder."""
    venv = tmp_path_factory.mktemp("wheel-venv") / "venv"
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "pip", "install", "--quiet", f"{wheel}[embedded]")
    yield venv / "bin"


def test_the_wheel_carries_the_themes_and_the_nine_bench_tasks(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    themes = {Path(n).name for n in names if n.startswith("smallops_tui/_data/themes/")}
    tasks = {n.split("/")[3] for n in names if n.startswith("smallops_tui/_data/tasks/") and n.count("/") > 3}
    assert themes == {p.name for p in (ROOT / "themes").glob("*.toml")}
    assert tasks == {p.name for p in (ROOT / "fixtures" / "tasks").iterdir() if p.is_dir()} and len(tasks) == 9
    assert "smallops_tui/__main__.py" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in metadata


def test_the_installed_wheel_runs_a_supervised_session(installed: Path, app_env, calc_workspace, tmp_path) -> None:
    # Run outside the source tree, so nothing can be picked up from the checkout.
    where = run(installed / "python", "-c", "import smallops_tui; print(smallops_tui.__file__)", cwd=tmp_path)
    assert str(installed.parent) in where and str(ROOT) not in where
    supervised_session(installed / "smallops", app_env, calc_workspace, tmp_path, ThreadedReplayServer)


def test_every_subcommand_runs_from_the_wheel(installed: Path, app_env, calc_workspace, tmp_path) -> None:
    smallops = installed / "smallops"

    def ok(*args: str, timeout: float = 300) -> str:
        result = subprocess.run([str(smallops), *args], env=app_env, cwd=tmp_path, capture_output=True, text=True,
                                timeout=timeout)
        assert result.returncode == 0, f"smallops {' '.join(args)}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        return result.stdout

    assert "Supervise a small local language model" in ok("--help")
    for name in ("run", "replay", "sessions", "export", "models", "doctor", "bench", "config"):
        assert "usage: smallops" in ok(name, "--help")
    assert ok("--version").startswith("smallops-tui ")
    assert run(installed / "python", "-m", "smallops_tui", "--version", cwd=tmp_path).startswith("smallops-tui ")
    assert ok("config", "path").strip().endswith("config.toml")
    assert ok("config", "sessions").strip().endswith("sessions")
    ok("sessions", "--dir", str(SESSIONS))
    ok("export", str(SESSIONS / "fix-add-clean.jsonl"), "--out", str(tmp_path / "t.html"), "--format", "html")
    assert "<html" in (tmp_path / "t.html").read_text()

    replay = Terminal([str(smallops), "replay", str(SESSIONS / "fix-add-clean.jsonl")], app_env, tmp_path)
    try:
        replay.wait_for("replay ·", "the replay screen")
        replay.press("q")
        assert replay.wait_exit() == (0, None)
    finally:
        replay.kill()

    # A bench task and the report, against a scripted Ollama: the tasks come from the wheel.
    turns = [token_turn({"action": "done", "summary": "ready"})]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        assert "Ollama 0.12.6 answers" in ok("doctor", "--url", server.url, "--model", MODEL, "--no-constrained")
        assert MODEL in ok("models", "--url", server.url)
        out = tmp_path / "bench.jsonl"
        report = ok("bench", "--backend", "ollama", "--url", server.url, "--model", MODEL, "--tasks", "t1-ready",
                    "--out", str(out))
    assert "t1-ready" in report and out.exists()
    assert "t1-ready" in ok("bench", "report", str(out))

    # The embedded model, from the wheel's own extra: loaded in its worker process, one constrained turn.
    doctor = ok("doctor", "--backend", "embedded", timeout=600)
    assert "✓ the embedded model loads in" in doctor and "ready for a session" in doctor


def test_the_embedded_doctor_from_the_source_install_too(smallops_bin, app_env, tmp_path) -> None:
    result = subprocess.run([str(smallops_bin), "doctor", "--backend", "embedded"], env=app_env, cwd=tmp_path,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "✓ constrained decoding works" in result.stdout

