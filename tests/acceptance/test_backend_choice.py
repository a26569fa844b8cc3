"""`run`, `doctor` and `models` choose the backend the same way, and `--model` is honoured when
`auto` falls back to the embedded model (a newcomer asked for Gemma with no Ollama running and
got SmolLM2 without a word; `doctor` then said "not ready" and `models` failed, both still
looking for Ollama).

The installed `smallops`; nothing listens where Ollama would be. The embedded model's worker is
the stand-in (tests/stand_in_worker.py), which logs which shipped model it was asked to load."""

from __future__ import annotations

import re

import subprocess
import sys
from pathlib import Path

import pytest

from smallops_tui.agent import read_log
from smallops_tui.backends.shipped_models import DEFAULT_MODEL, SHIPPED_MODELS, installed

from .conftest import STAND_IN_LOOK, session_logs
from .terminal import Terminal, run_in_terminal

STAND_IN = Path(__file__).resolve().parent.parent / "stand_in_worker.py"
NOT_DEFAULT = next(name for name in SHIPPED_MODELS if name != DEFAULT_MODEL)


@pytest.fixture
def no_ollama(app_env: dict[str, str]) -> dict[str, str]:
    return dict(app_env, OLLAMA_HOST="http://127.0.0.1:9",
                SMALLOPS_EMBEDDED_WORKER=f"{sys.executable} {STAND_IN} {STAND_IN_LOOK}")


def worker_log(tmp_path: Path) -> str:
    return (tmp_path / "data" / "embedded-model.log").read_text()


def test_run_without_ollama_uses_the_embedded_model_named_by_model(smallops_bin, no_ollama, calc_workspace,
                                                                   tmp_path) -> None:
    term = Terminal([str(smallops_bin), "run", "list the files", "--model", NOT_DEFAULT], no_ollama, calc_workspace)
    try:
        # Said in the app's conversation too: said only before the app took the screen, a new user
        # never saw it.
        text = term.wait_for(lambda s: "list_dir" in s and "y approve" in s
                             and "no Ollama at http://127.0.0.1:9; using the" in s, "the first proposal, and the fallback")
        assert f"embedded · {NOT_DEFAULT}" in text  # the status bar
        term.press("s")
        term.wait_for("SESSION ENDED", "the end of the session")
        term.press("q")
        status, _ = term.wait_exit()
    finally:
        term.kill()
    assert status == 0
    # (said before the app takes the screen)
    assert f"no Ollama at http://127.0.0.1:9; using the embedded model {NOT_DEFAULT}".encode() in term.raw
    header = read_log(session_logs(tmp_path)[0]).header
    assert (header.backend, header.model) == ("embedded", NOT_DEFAULT)
    assert f"load: shipped={NOT_DEFAULT} " in worker_log(tmp_path)  # the model the worker was told to load


def test_a_model_the_embedded_backend_lacks_is_a_sentence_not_another_model(smallops_bin, no_ollama, calc_workspace,
                                                                            tmp_path) -> None:
    status, screen = run_in_terminal([str(smallops_bin), "run", "list the files", "--model", "qwen3:1.7b"], no_ollama,
                                     calc_workspace)
    assert status == 1 and "Traceback" not in screen
    # (the screen wraps the sentence at 120 columns, inside words: compare without the spaces; a
    # progress line comes first when the look for Ollama takes over a second, as on a loaded machine)
    said = re.sub(r"smallops:lookingforOllama[^…]*…\d+s", "", "".join(screen.split()))
    assert said == "".join((
                    "smallops: no Ollama at http://127.0.0.1:9, and the embedded backend has no model 'qwen3:1.7b': "
                    f"use one of {', '.join(SHIPPED_MODELS)} or the path of a .gguf file; start Ollama, or leave out "
                    "--model (and `model` in the config) for the embedded default").split())
    assert not session_logs(tmp_path)


def test_doctor_checks_what_run_would_use(smallops_bin, no_ollama, calc_workspace, tmp_path) -> None:
    done = subprocess.run([str(smallops_bin), "doctor", "--model", NOT_DEFAULT], env=no_ollama, cwd=calc_workspace,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (f"smallops doctor: no Ollama at http://127.0.0.1:9; using the embedded model {NOT_DEFAULT}, as `smallops "
            "run` would") in done.stderr
    assert "✓ constrained decoding works" in done.stdout and done.stdout.endswith("ready for a session\n")
    assert f"load: shipped={NOT_DEFAULT} " in worker_log(tmp_path)


def test_models_lists_every_installed_embedded_model_and_the_default(smallops_bin, no_ollama, calc_workspace) -> None:
    shown = []
    for argv in (["models"], ["models", "--backend", "embedded"]):
        done = subprocess.run([str(smallops_bin), *argv], env=no_ollama, cwd=calc_workspace, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        shown.append(done.stdout)
    assert shown[0] == shown[1]  # auto without Ollama lists what `run` would choose from
    rows = {line.split()[0]: line for line in shown[0].splitlines()[1:] if line.split()[0] in SHIPPED_MODELS}
    assert set(rows) == {name for name, model in SHIPPED_MODELS.items() if installed(model)}
    assert rows[DEFAULT_MODEL].endswith("the default")
    assert [name for name, row in rows.items() if row.endswith("the default")] == [DEFAULT_MODEL]
