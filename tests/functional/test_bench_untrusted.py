"""A folder given with `bench --tasks-dir` is someone else's code (issue 30): its check.py runs in
the sandbox, never in the app; its repo/ is copied without following a link out, with sparse files
and sizes bounded; prompt.txt is bounded; a FIFO anywhere is a sentence. Each attack has its
control: what the old way (an import, shutil.copytree, read_text) did with the same folder."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from smallops_tui.bench.sandboxed_check import SandboxedCheck
from smallops_tui.bench.tasks import TaskError, judge, load_tasks

GOOD_CHECK = '''
def check(root, original, summary):
    return (root / "greeting.txt").exists(), "greeting.txt " + ("made" if (root / "greeting.txt").exists() else "missing")
'''
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
    return (root / "greeting.txt").exists(), "judged"
'''


def _task(tasks: Path, name: str = "t", check: str = GOOD_CHECK, prompt: str = "Make greeting.txt.",
          files: dict[str, str] | None = None) -> Path:
    folder = tasks / name
    (folder / "repo").mkdir(parents=True)
    for rel, text in (files or {"README.md": "# a project\n"}).items():
        (folder / "repo" / rel).write_text(text)
    (folder / "prompt.txt").write_text(prompt)
    (folder / "check.py").write_text(check)
    return folder


@pytest.fixture
def outside() -> Iterator[Path]:
    """A folder outside every workspace and temp dir (/var/tmp: bwrap hides /tmp)."""
    path = Path(os.path.realpath("/var/tmp")) / f"smallops-outside-{os.getpid()}-{os.urandom(4).hex()}"
    path.mkdir()
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_a_check_is_never_imported_by_the_app_and_writes_nothing_outside(tmp_path: Path, outside: Path) -> None:
    canary = outside / "canary"
    canary.write_text("original\n")
    folder = _task(tmp_path / "tasks", check=CANARY_CHECK.format(canary=str(canary)))
    spec = importlib.util.spec_from_file_location("control", folder / "check.py")
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))  # the control: an import writes it
    assert canary.read_text() == "original\nwritten by the check\n"
    canary.write_text("original\n")
    [task] = load_tasks(directory=tmp_path / "tasks", validate=True)
    assert isinstance(task.check, SandboxedCheck)
    assert "smallops_task_t" not in sys.modules
    scratch = tmp_path / "scratch"
    task.copy_repo(scratch / "root")
    task.copy_repo(scratch / "original")
    (scratch / "root" / "greeting.txt").write_text("hello\n")
    assert _run(judge(task, scratch, scratch / "root", scratch / "original", "made it")) == (True, "judged", [])
    assert canary.read_text() == "original\n"


def _run(coroutine: Any) -> Any:
    import asyncio

    return asyncio.run(coroutine)


def test_a_link_out_of_the_repository_is_refused_and_nothing_is_read_through_it(tmp_path: Path,
                                                                                outside: Path) -> None:
    secret = outside / "id_rsa"
    secret.write_text("SECRET-KEY-MATERIAL\n")
    folder = _task(tmp_path / "tasks")
    (folder / "repo" / "notes.txt").symlink_to(secret)
    shutil.copytree(folder / "repo", tmp_path / "control")  # the control: the old copy made it a file
    assert (tmp_path / "control" / "notes.txt").read_text() == "SECRET-KEY-MATERIAL\n"
    with pytest.raises(TaskError, match=r"task t: repo/notes.txt is a link leading outside the repository \(to "):
        load_tasks(directory=tmp_path / "tasks")


@pytest.mark.parametrize("target", ["../../outside", "/etc/passwd", "sub/../../../x"])
def test_every_way_out_by_a_link_is_refused(target: str, tmp_path: Path) -> None:
    folder = _task(tmp_path / "tasks")
    (folder / "repo" / "sub").mkdir()
    (folder / "repo" / "sub" / "link").symlink_to(target)
    with pytest.raises(TaskError, match="is a link leading outside the repository"):
        load_tasks(directory=tmp_path / "tasks")


def test_a_link_through_a_link_to_the_top_is_refused(tmp_path: Path) -> None:
    """`here -> .` is inside; `up -> here/..` reads as inside but the kernel resolves it above."""
    folder = _task(tmp_path / "tasks")
    (folder / "repo" / "here").symlink_to(".")
    (folder / "repo" / "up").symlink_to("here/..")
    with pytest.raises(TaskError, match="repo/up is a link leading outside"):
        load_tasks(directory=tmp_path / "tasks")


def test_a_link_inside_the_repository_is_copied_as_a_link(tmp_path: Path) -> None:
    folder = _task(tmp_path / "tasks", files={"README.md": "x\n", "data.txt": "d\n"})
    (folder / "repo" / "alias.txt").symlink_to("data.txt")
    [task] = load_tasks(directory=tmp_path / "tasks")
    task.copy_repo(tmp_path / "copy")
    assert os.readlink(tmp_path / "copy" / "alias.txt") == "data.txt"


def test_a_sparse_file_is_bounded_by_what_it_would_become(tmp_path: Path) -> None:
    folder = _task(tmp_path / "tasks")
    with open(folder / "repo" / "big.bin", "wb") as f:
        f.truncate(301 << 20)
    info = (folder / "repo" / "big.bin").stat()
    assert info.st_size == 301 << 20 and info.st_blocks * 512 < 1 << 20  # the control: nothing on disk
    with pytest.raises(TaskError, match=r"repo/ holds more than 64 MiB of file content \(repo/big.bin is "
                                        r"315,621,376 bytes, 0 of them on disk\)"):
        load_tasks(directory=tmp_path / "tasks")


def test_a_50_mb_prompt_is_a_sentence(tmp_path: Path) -> None:
    _task(tmp_path / "tasks", prompt="do it. " * ((50 << 20) // 7))
    with pytest.raises(TaskError, match=r"task t: prompt.txt cannot be read as UTF-8 text \(.*prompt.txt is larger "
                                        r"than 64 KiB: it was not read\)"):
        load_tasks(directory=tmp_path / "tasks")


@pytest.mark.parametrize("where", ["prompt.txt", "repo/pipe", "check.py"])
def test_a_fifo_in_a_task_is_a_sentence_not_a_wait(where: str, tmp_path: Path) -> None:
    folder = _task(tmp_path / "tasks")
    (folder / where).unlink(missing_ok=True)
    os.mkfifo(folder / where)
    code = (f"from pathlib import Path; from smallops_tui.bench.tasks import load_tasks, TaskError\n"
            f"try:\n    load_tasks(directory=Path({str(tmp_path / 'tasks')!r}))\n"
            f"except TaskError as exc:\n    print(exc)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "FIFO" in done.stdout or "has no check.py" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("part", ["prompt.txt", "check.py", "repo"])
def test_a_part_of_a_task_that_is_a_link_is_refused(part: str, tmp_path: Path, outside: Path) -> None:
    folder = _task(tmp_path / "tasks")
    real = outside / part
    shutil.move(str(folder / part), real)
    (folder / part).symlink_to(real)
    with pytest.raises(TaskError, match=f"task t: {part} is a link"):
        load_tasks(directory=tmp_path / "tasks")


@pytest.mark.parametrize(("check", "said"), [
    ("import sys\ndef check(root, original, summary):\n    print('x' * 200000)\n    return 'yes'\n",
     "the check returned str, not (passed, detail)"),
    ("import os\ndef check(root, original, summary):\n    os._exit(3)\n", "the check gave no verdict (it ended with "
                                                                         "exit code 3)"),
    ("def check(root, original, summary):\n    raise KeyError('gone')\n",
     "the check could not read the end state: KeyError: 'gone'"),
    ("import sys\ndef check(root, original, summary):\n    sys.setrecursionlimit(100000)\n"
     "    x = []\n    for _ in range(50000):\n        x = [x]\n    return x, 'deep'\n",
     "the check's verdict is not JSON"),
])
def test_a_hostile_verdict_is_a_failed_check_in_a_sentence(check: str, said: str, tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    (scratch / "root").mkdir(parents=True)
    (scratch / "original").mkdir()
    (tmp_path / "check.py").write_text(check)
    passed, detail, tags = _run(SandboxedCheck(tmp_path / "check.py").verdict(scratch, scratch / "root",
                                                                               scratch / "original", None))
    assert not passed and said in detail and tags == [], detail
