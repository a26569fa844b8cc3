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

A user's folder (`--tasks-dir`) is someone else's code (issue 30): its check.py is never imported
by the app but run in the sandbox (sandboxed_check.py); its repo/ is copied without following a
link out, bounded (task_repo.py); prompt.txt is bounded, and none of the three may be a link.
The shipped tasks are the app's own, imported as part of it.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import tempfile
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, Union

from ..agent.regular_files import read_regular_text
from ..paths import shipped_dir
from .hosting import lay_out
from .sandboxed_check import SandboxedCheck
from .task_repo import RepoRefused, copy_repo

TASKS_DIR = shipped_dir("tasks")
FAST_TASKS = ("t1-ready", "t2-read")
NOTHING_DONE_SUMMARIES = (None, "Done.", "The task is complete.")
PROMPT_LIMIT = 64 * 1024  # a task for a small model is a paragraph; a prompt past this is not one
CHECK_LIMIT = 1 << 20

T = TypeVar("T")
CheckResult = Union[tuple[bool, str], tuple[bool, str, list[str]]]
Check = Callable[[Path, Path, Union[str, None]], CheckResult]


class TaskError(ValueError):
    """A task folder that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Task:
    id: str
    path: Path
    prompt: str
    check: Check | SandboxedCheck  # the shipped tasks' own function, or a user's check run in the sandbox

    def copy_repo(self, dest: Path, host: Path | None = None) -> None:
        """The task's starting repository, copied to `dest` (task_repo.py: no link followed out),
        laid over a copy of `host` when there is one (hosting.py)."""
        try:
            lay_out(self.path / "repo", dest, host)
        except (RepoRefused, OSError) as exc:
            raise TaskError(f"task {self.id}: {exc}") from None


async def judge(task: Task, scratch: Path, root: Path, original: Path,
                summary: str | None) -> tuple[bool, str, list[str]]:
    """The task's verdict on an end state (`root` and `original` beneath `scratch`): a check that
    crashes on a strange end state fails the run."""
    if isinstance(task.check, SandboxedCheck):
        return await task.check.verdict(scratch, root, original, summary)
    try:
        result = task.check(root, original, summary)
    except Exception as exc:  # noqa: BLE001 — a check is code that judges a strange end state
        return False, f"the check could not read the end state: {type(exc).__name__}: {exc}", []
    if not isinstance(result, tuple) or len(result) not in (2, 3):
        return False, f"the check returned {type(result).__name__}, not (passed, detail)", []
    tags = [str(t) for t in result[2]] if len(result) == 3 and isinstance(result[2], (list, tuple)) else []
    return bool(result[0]), str(result[1]), tags


def _run_to_end(coroutine: Coroutine[object, object, T]) -> T:
    """Run `coroutine` to its end from synchronous code: on an event loop of its own, in a thread
    of its own when this thread already runs one (a test, an embedding caller)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _load_check(task_id: str, path: Path) -> Check:
    """A shipped task's check, imported: it is part of the app."""
    module_name = "smallops_task_" + "".join(c if c.isalnum() else "_" for c in task_id)
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise TaskError(f"task {task_id}: {path} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 — a check.py with a syntax error or a bad import
        raise TaskError(f"task {task_id}: check.py failed to load ({type(exc).__name__}: {exc})") from None
    check = getattr(module, "check", None)
    if not callable(check):
        raise TaskError(f"task {task_id}: check.py defines no check(root, original, summary) function")
    return check


def _sandboxed_check(task_id: str, path: Path) -> SandboxedCheck:
    """A user's task's check, loaded once in the sandbox to see that it loads (TaskError if not)."""
    check = SandboxedCheck(path)
    problem = _run_to_end(check.load_problem())
    if problem is not None:
        if problem.startswith("check.py defines no"):
            raise TaskError(f"task {task_id}: {problem}")
        raise TaskError(f"task {task_id}: check.py failed to load ({problem})")
    return check


def _refuse_links(task_id: str, path: Path) -> None:
    for name in ("prompt.txt", "repo", "check.py"):
        if (path / name).is_symlink():
            raise TaskError(f"task {task_id}: {name} is a link (to {(path / name).readlink()}): a task's files must be "
                            "its own, not a way to somewhere else")


def load_task(path: Path, trusted: bool = False) -> Task:
    """One task folder, checked for its three parts (TaskError says what is missing). `trusted`:
    one of the app's own, whose check is imported; otherwise it runs in the sandbox."""
    task_id = path.name
    if not trusted:
        _refuse_links(task_id, path)
    missing = [name for name, ok in (("prompt.txt", (path / "prompt.txt").exists()),
                                     ("repo/", (path / "repo").is_dir()),
                                     ("check.py", (path / "check.py").is_file())) if not ok]
    if missing:
        raise TaskError(f"task {task_id}: {path} has no {' and no '.join(missing)} (a task is a folder with "
                        "prompt.txt, repo/ and check.py)")
    try:
        prompt = read_regular_text(path / "prompt.txt", PROMPT_LIMIT).strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise TaskError(f"task {task_id}: prompt.txt cannot be read as UTF-8 text ({exc})") from None
    if not prompt:
        raise TaskError(f"task {task_id}: prompt.txt is empty")
    if trusted:
        return Task(task_id, path, prompt, _load_check(task_id, path / "check.py"))
    try:
        read_regular_text(path / "check.py", CHECK_LIMIT)
        copy_repo(path / "repo", None)  # links, special files and sizes, before any model call
    except (RepoRefused, OSError, UnicodeDecodeError) as exc:
        raise TaskError(f"task {task_id}: {exc}") from None
    return Task(task_id, path, prompt, _sandboxed_check(task_id, path / "check.py"))


def refuses_doing_nothing(task: Task) -> None:
    """TaskError when the task's check passes on its untouched repository: a model that does
    nothing would pass it. Run on fresh copies (a check may write)."""
    for summary in NOTHING_DONE_SUMMARIES:
        scratch = Path(tempfile.mkdtemp(prefix=f"smallops-task-check-{task.id}-"))
        try:
            task.copy_repo(scratch / "root")
            task.copy_repo(scratch / "original")
            passed, detail, _ = _run_to_end(judge(task, scratch, scratch / "root", scratch / "original", summary))
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


def load_tasks(ids: list[str] | None = None, directory: Path = TASKS_DIR, validate: bool = False,
               trusted: bool | None = None) -> list[Task]:
    """The tasks in `directory` (all, or the ids given, in that order). ValueError (TaskError) names
    unknown ids and broken folders; `validate` also refuses checks that pass on the untouched repo.
    `trusted` (by default: the shipped tasks only) imports the checks; otherwise they run in the
    sandbox."""
    folders = {p.name: p for p in task_folders(directory)}
    wanted = ids or sorted(folders)
    unknown = [i for i in wanted if i not in folders]
    if unknown:
        raise TaskError(f"unknown task {', '.join(unknown)}; tasks: {', '.join(sorted(folders))}")
    trusted = directory.resolve() == TASKS_DIR.resolve() if trusted is None else trusted
    tasks = [load_task(folders[task_id], trusted) for task_id in wanted]
    if validate:
        for task in tasks:
            refuses_doing_nothing(task)
    return tasks
