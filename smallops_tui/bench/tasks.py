"""Bench tasks: the nine shipped with smallops, or a folder of the user's own in the same format.

A task is a folder holding `prompt.txt` (the task, as the model reads it), `repo/` (the starting
repository, copied fresh for every run) and `check.py`, which defines
`check(root, original, summary) -> (passed, detail)` judging the end state mechanically (`root`:
the workspace after the run, `original`: an untouched copy, `summary`: the summary of a claimed
`done`, or None). A check may return a third item, a list of failure tags it can see itself
(`["truncation"]` when the first part of a multi-step task is done and the rest is not).

A folder of tasks is checked before anything runs, and every problem is a sentence: a missing
file, a check that does not load, and a check that passes on the untouched repository (with no
summary, or a generic "Done."), which would let a model that does nothing pass.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Union

from ..paths import shipped_dir

TASKS_DIR = shipped_dir("tasks")
FAST_TASKS = ("t1-ready", "t2-read")
NOTHING_DONE_SUMMARIES = (None, "Done.", "The task is complete.")

CheckResult = Union[tuple[bool, str], tuple[bool, str, list[str]]]
Check = Callable[[Path, Path, Union[str, None]], CheckResult]


class TaskError(ValueError):
    """A task folder that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Task:
    id: str
    path: Path
    prompt: str
    check: Check


def judge(task: Task, root: Path, original: Path, summary: str | None) -> tuple[bool, str, list[str]]:
    """The task's verdict on an end state: a check that crashes on a strange end state fails the run."""
    try:
        result = task.check(root, original, summary)
    except Exception as exc:  # noqa: BLE001 — the user's check is code we did not write
        return False, f"the check could not read the end state: {type(exc).__name__}: {exc}", []
    if not isinstance(result, tuple) or len(result) not in (2, 3):
        return False, f"the check returned {type(result).__name__}, not (passed, detail)", []
    tags = [str(t) for t in result[2]] if len(result) == 3 and isinstance(result[2], (list, tuple)) else []
    return bool(result[0]), str(result[1]), tags


def _load_check(task_id: str, path: Path) -> Check:
    module_name = "smallops_task_" + "".join(c if c.isalnum() else "_" for c in task_id)
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise TaskError(f"task {task_id}: {path} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 — a user's check.py with a syntax error or a bad import
        raise TaskError(f"task {task_id}: check.py failed to load ({type(exc).__name__}: {exc})") from None
    check = getattr(module, "check", None)
    if not callable(check):
        raise TaskError(f"task {task_id}: check.py defines no check(root, original, summary) function")
    return check


def load_task(path: Path) -> Task:
    """One task folder, checked for its three parts (TaskError says what is missing)."""
    task_id = path.name
    missing = [name for name, ok in (("prompt.txt", (path / "prompt.txt").is_file()),
                                     ("repo/", (path / "repo").is_dir()),
                                     ("check.py", (path / "check.py").is_file())) if not ok]
    if missing:
        raise TaskError(f"task {task_id}: {path} has no {' and no '.join(missing)} (a task is a folder with "
                        "prompt.txt, repo/ and check.py)")
    try:
        prompt = (path / "prompt.txt").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise TaskError(f"task {task_id}: prompt.txt cannot be read as UTF-8 text ({exc})") from None
    if not prompt:
        raise TaskError(f"task {task_id}: prompt.txt is empty")
    return Task(task_id, path, prompt, _load_check(task_id, path / "check.py"))


def refuses_doing_nothing(task: Task) -> None:
    """TaskError when the task's check passes on its untouched repository: a model that does
    nothing would pass it. Run on fresh copies (a check may write)."""
    for summary in NOTHING_DONE_SUMMARIES:
        scratch = Path(tempfile.mkdtemp(prefix=f"smallops-task-check-{task.id}-"))
        try:
            shutil.copytree(task.path / "repo", scratch / "root")
            shutil.copytree(task.path / "repo", scratch / "original")
            passed, detail, _ = judge(task, scratch / "root", scratch / "original", summary)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if passed:
            said = "no summary" if summary is None else f"the summary {summary!r}"
            raise TaskError(f"task {task.id}: its check passes on the untouched repository with {said} ({detail}), "
                            "so a model that does nothing would pass it; make the check look for the change")


def task_folders(directory: Path) -> list[Path]:
    if not directory.is_dir():
        raise TaskError(f"the tasks folder {directory} does not exist" if not directory.exists()
                        else f"{directory} is not a folder of tasks")
    folders = sorted(p for p in directory.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    if not folders:
        raise TaskError(f"no tasks in {directory} (a task is a folder with prompt.txt, repo/ and check.py)")
    return folders


def load_tasks(ids: list[str] | None = None, directory: Path = TASKS_DIR, validate: bool = False) -> list[Task]:
    """The tasks in `directory` (all, or the ids given, in that order). ValueError (TaskError) names
    unknown ids and broken folders; `validate` also refuses checks that pass on the untouched repo."""
    folders = {p.name: p for p in task_folders(directory)}
    wanted = ids or sorted(folders)
    unknown = [i for i in wanted if i not in folders]
    if unknown:
        raise TaskError(f"unknown task {', '.join(unknown)}; tasks: {', '.join(sorted(folders))}")
    tasks = [load_task(folders[task_id]) for task_id in wanted]
    if validate:
        for task in tasks:
            refuses_doing_nothing(task)
    return tasks
