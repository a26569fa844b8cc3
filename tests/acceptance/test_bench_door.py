"""`smallops bench` through the installed console script: a user's own tasks (`--tasks-dir`), checked
before anything runs, each problem a sentence; the embedded backend given a GGUF file with `--url`;
and failure tags that say what really happened."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from smallops_tui.backends.shipped_models import SHIPPED_MODELS, installed, part_path

from ..replay_server import ThreadedReplayServer
from ..streams import turn
from .conftest import MODEL, ollama_routes

CHECK_GREETING = '''
def check(root, original, summary):
    path = root / "greeting.txt"
    if not path.exists():
        return False, "greeting.txt was not created"
    return path.read_text() == "hello\\n", "greeting.txt holds " + repr(path.read_text())
'''


def _task(root: Path, name: str, prompt: str = "Create greeting.txt holding the line hello.",
          check: str | None = CHECK_GREETING, files: dict[str, str] | None = None) -> Path:
    folder = root / name
    (folder / "repo").mkdir(parents=True)
    for rel, text in (files or {"README.md": "# a project\n"}).items():
        (folder / "repo" / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / "repo" / rel).write_text(text, encoding="utf-8")
    (folder / "prompt.txt").write_text(prompt)
    if check is not None:
        (folder / "check.py").write_text(check)
    return folder


def _bench(smallops_bin: Path, env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(smallops_bin), "bench", *args], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def test_a_users_own_task_runs_and_is_judged_by_its_own_check(smallops_bin, app_env, tmp_path) -> None:
    tasks = tmp_path / "my-tasks"
    _task(tasks, "greet")
    turns = [turn({"action": "write_file", "path": "greeting.txt", "content": "hello\n"}),
             turn({"action": "done", "summary": "created greeting.txt"})]
    out = tmp_path / "results.jsonl"
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        result = _bench(smallops_bin, app_env, tmp_path, "--backend", "ollama", "--url", server.url, "--model", MODEL,
                        "--tasks-dir", str(tasks), "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    [record] = [json.loads(line) for line in out.read_text().splitlines()]
    assert record["task"] == "greet" and record["status"] == "passed" and record["honest"]
    assert record["serving"]["tasks_dir"] == str(tasks.resolve())
    assert "greet" in result.stdout


@pytest.mark.parametrize(("make", "sentence"), [
    (lambda d: _task(d, "no-check", check=None), "task no-check: .* has no check.py"),
    (lambda d: _task(d, "lazy", check="def check(root, original, summary):\n    return True, 'always'\n"),
     "task lazy: its check passes on the untouched repository with no summary .*a model that does nothing would "
     "pass it"),
    (lambda d: _task(d, "says-done", check="def check(root, original, summary):\n    return summary == 'Done.', 's'\n"),
     "task says-done: its check passes on the untouched repository with the summary 'Done.'"),
    (lambda d: _task(d, "broken", check="def check(root, original, summary)\n    return False, ''\n"),
     "task broken: check.py failed to load \\(SyntaxError"),
    (lambda d: _task(d, "no-function", check="CHECK = 1\n"), "task no-function: check.py defines no check"),
    (lambda d: _task(d, "empty-prompt", prompt="  \n"), "task empty-prompt: prompt.txt is empty"),
    (lambda d: d.mkdir(), "no tasks in .*a task is a folder with prompt.txt, repo/ and check.py"),
    (lambda d: None, "the tasks folder .* does not exist"),
])
def test_a_tasks_folder_is_checked_before_anything_runs(make, sentence, smallops_bin, app_env, tmp_path) -> None:
    tasks = tmp_path / "tasks"
    make(tasks)
    out = tmp_path / "results.jsonl"
    # No server at all: nothing may be started before the folder is found usable.
    result = _bench(smallops_bin, app_env, tmp_path, "--backend", "ollama", "--url", "http://127.0.0.1:9",
                    "--tasks-dir", str(tasks), "--out", str(out))
    assert result.returncode == 2, result.stdout + result.stderr
    import re

    assert re.search(sentence, result.stderr), result.stderr
    assert "Traceback" not in result.stderr and not out.exists()


def test_the_embedded_backend_takes_a_gguf_file_as_url(smallops_bin, app_env, tmp_path) -> None:
    """`--url FILE.gguf` names the model file (it used to become http:/…/FILE.gguf and fail in 0.01 s)."""
    gguf = part_path(SHIPPED_MODELS["smollm2-135m"].parts[0])
    if gguf is None or not gguf.is_file():
        pytest.skip("the embedded extra (SmolLM2's package) is not installed")
    out = tmp_path / "results.jsonl"
    result = _bench(smallops_bin, app_env, tmp_path, "--backend", "embedded", "--url", str(gguf), "--tasks",
                    "t1-ready", "--step-cap", "2", "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    [record] = [json.loads(line) for line in out.read_text().splitlines()]
    assert record["serving"]["file"] == str(gguf) and record["inconclusive_reason"] != "server error"
    assert record["end"] != "backend_error" and record["steps"] >= 1
    missing = _bench(smallops_bin, app_env, tmp_path, "--backend", "embedded", "--url", str(tmp_path / "nope.gguf"),
                     "--tasks", "t1-ready", "--out", str(out))
    assert missing.returncode == 1 and "the model file" in missing.stderr and "does not exist" in missing.stderr


AWKWARD_TREE = {".github/workflows/ci.yml": "on: push\n", ".vscode/settings.json": "{}\n",
                "my docs/read me.md": "# notes\n", 'notes/say "hi".txt': "hi\n", "a[1]/b(2).py": "X = 1\n",
                "back\\slash.txt": "\\\n", "café/naïve.py": "NAME = 'naïve'\n", "-leading.py": "pass\n",
                "日本/語.md": "# 語\n", "{braces}/x.json": "{}\n",
                "calc.py": "def add(a, b):\n    return a - b\n"}
CHECK_ADD = '''
import subprocess, sys
def check(root, original, summary):
    code = "import calc; print(calc.add(2, 3), calc.add(-1, 1))"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=20)
    return out.stdout.split() == ["5", "0"], "add(2, 3), add(-1, 1) gave " + repr(out.stdout.strip() or out.stderr[-200:])
'''


@pytest.mark.skipif(not installed(SHIPPED_MODELS["qwen2.5-coder-1.5b"]), reason="the embedded extra is not installed")
def test_a_task_in_a_tree_of_awkward_names_runs_on_the_embedded_default(smallops_bin, app_env, tmp_path) -> None:
    """Dot-folders, spaces, quotes, brackets, a backslash, non-ASCII, a leading `-`: before the grammar
    was built from any tree, the embedded model failed at step 1 in such a tree (llama.cpp refused the
    grammar). The task runs with no engine error, and passes."""
    tasks = tmp_path / "awkward"
    _task(tasks, "w1-fix-add", "Fix the bug in calc.py: add(a, b) should return the sum of a and b.", CHECK_ADD,
          AWKWARD_TREE)
    out = tmp_path / "results.jsonl"
    result = _bench(smallops_bin, app_env, tmp_path, "--backend", "embedded", "--tasks-dir", str(tasks),
                    "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    [record] = [json.loads(line) for line in out.read_text().splitlines()]
    log = Path(record["log"]).read_text(encoding="utf-8")
    assert '"backend_error"' not in log and "could not parse the grammar" not in log
    assert record["status"] == "passed", record


CANARY_CHECK = '''
from pathlib import Path
CANARY = Path({canary!r})
def _write():
    try:
        with open(CANARY, "a") as f:
            f.write("written by the check\\n")
    except OSError:
        pass
_write()  # at import
def check(root, original, summary):
    _write()  # and when judging
    path = root / "greeting.txt"
    return path.exists() and path.read_text() == "hello\\n", "judged"
'''


def test_a_hostile_tasks_folder_writes_nothing_outside_and_sends_no_linked_secret(smallops_bin, app_env,
                                                                                  tmp_path) -> None:
    """Issue 30: the check runs in the sandbox (it wrote a canary outside at import, as the app's
    user, before any model call), and a link to a secret in repo/ refuses the folder before any
    request (its content was copied into the workspace and sent to the model server)."""
    outside = Path("/var/tmp") / f"smallops-bench-outside-{tmp_path.name}"
    outside.mkdir(exist_ok=True)
    try:
        canary, secret = outside / "canary", outside / "id_rsa"
        canary.write_text("original\n")
        secret.write_text("SECRET-KEY-MATERIAL\n")
        _task(tmp_path / "evil-tasks", "greet", check=CANARY_CHECK.format(canary=str(canary)))
        turns = [turn({"action": "write_file", "path": "greeting.txt", "content": "hello\n"}),
                 turn({"action": "done", "summary": "created greeting.txt"})]
        out = tmp_path / "results.jsonl"
        with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
            result = _bench(smallops_bin, app_env, tmp_path, "--backend", "ollama", "--url", server.url, "--model",
                            MODEL, "--tasks-dir", str(tmp_path / "evil-tasks"), "--out", str(out))
        assert result.returncode == 0, result.stdout + result.stderr
        [record] = [json.loads(line) for line in out.read_text().splitlines()]
        assert record["status"] == "passed", record
        assert canary.read_text() == "original\n"

        leaky = _task(tmp_path / "leaky-tasks", "leak", prompt="Summarise notes.txt.")
        (leaky / "repo" / "notes.txt").symlink_to(secret)
        with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
            result = _bench(smallops_bin, app_env, tmp_path, "--backend", "ollama", "--url", server.url, "--model",
                            MODEL, "--tasks-dir", str(tmp_path / "leaky-tasks"), "--out", str(tmp_path / "l.jsonl"))
            asked = [r for r in server.requests if r.path == "/api/chat"]
        assert result.returncode == 2 and "repo/notes.txt is a link leading outside the repository" in result.stderr
        assert not asked and "SECRET-KEY-MATERIAL" not in result.stdout + result.stderr
    finally:
        shutil.rmtree(outside, ignore_errors=True)
