"""A task's check.py from someone else's folder, run where an approved command runs (issue 30).

`bench --tasks-dir` used to import each check.py into the app's own process before any model
call: a canary outside was written at import, with every right of the person running the bench.
Now such a check is never imported by the app. A copy of it is imported by a Python of its own,
started like an approved command (runner.run_command: the OS sandbox, its bounds, network off,
the secrets scrubbed), in a folder holding the run's end state; it prints its verdict as one
JSON line behind a marker, and that line is read as hostile input (any shape, any size: what is
not a verdict is a failed check, said in a sentence).
"""

from __future__ import annotations

import json
import secrets
import shlex
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..agent.sandbox.runner import default_sandbox, run_command

CHECK_SECONDS = 120.0
VERDICT_LIMIT = 16 * 1024  # a verdict is a line; a detail past this is cut

# Run as `python -I -c RUNNER CHECK ROOT ORIGINAL SUMMARY MARKER` (ROOT "-": only load it). What
# the check prints goes to stderr, so the verdict is the marker's line on stdout alone.
RUNNER = r"""
import importlib.util, json, sys
from pathlib import Path
check_py, root, original, summary, marker = sys.argv[1:6]
out, sys.stdout = sys.stdout, sys.stderr
def verdict(value):
    out.write("\n" + marker + json.dumps(value, default=str) + "\n")
    out.flush()
    sys.exit(0)
try:
    spec = importlib.util.spec_from_file_location("smallops_task_check", check_py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
except BaseException as exc:
    verdict({"load_error": f"{type(exc).__name__}: {exc}"})
check = getattr(module, "check", None)
if not callable(check):
    verdict({"load_error": "check.py defines no check(root, original, summary) function"})
if root == "-":
    verdict({"loaded": True})
try:
    result = check(Path(root), Path(original), json.loads(summary))
except BaseException as exc:
    verdict({"crashed": f"{type(exc).__name__}: {exc}"})
verdict({"result": list(result) if isinstance(result, tuple) else result})
"""


@dataclass(frozen=True)
class SandboxedCheck:
    """The check of a task from someone else's folder, run in the sandbox."""

    source: Path  # the task's check.py

    async def load_problem(self) -> str | None:
        """Why the check cannot be used (it does not import, or has no check function), or None."""
        scratch = Path(tempfile.mkdtemp(prefix="smallops-task-load-"))
        try:
            said = await self._run(scratch, "-", "-", None)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if isinstance(said, str):
            return said
        if said.get("loaded") is True:
            return None
        problem = said.get("load_error")
        return str(problem)[:VERDICT_LIMIT] if problem is not None else "check.py gave no answer when it was loaded"

    async def verdict(self, scratch: Path, root: Path, original: Path,
                      summary: str | None) -> tuple[bool, str, list[str]]:
        """The check's verdict on the end state in `root` (both folders beneath `scratch`, the
        folder the check may write in)."""
        said = await self._run(scratch, str(root), str(original), summary)
        if isinstance(said, str):
            return False, said, []
        if "load_error" in said:
            return False, f"check.py failed to load: {str(said['load_error'])[:VERDICT_LIMIT]}", []
        if "crashed" in said:
            return False, f"the check could not read the end state: {str(said['crashed'])[:VERDICT_LIMIT]}", []
        result = said.get("result")
        if not isinstance(result, list) or len(result) not in (2, 3):
            return False, f"the check returned {type(result).__name__}, not (passed, detail)", []
        tags = [str(t)[:100] for t in result[2][:20]] if len(result) == 3 and isinstance(result[2], list) else []
        return bool(result[0]), str(result[1])[:VERDICT_LIMIT], tags

    async def _run(self, scratch: Path, root: str, original: str, summary: str | None) -> dict[str, object] | str:
        """The check's JSON answer, or a sentence saying why there is none."""
        check_py = scratch / f"check-{secrets.token_hex(4)}.py"  # inside the sandbox's view (bwrap hides /tmp)
        shutil.copyfile(self.source, check_py, follow_symlinks=False)
        marker = f"SMALLOPS-VERDICT-{secrets.token_hex(8)}:"
        command = shlex.join([sys.executable, "-I", "-c", RUNNER, str(check_py), root, original,
                              json.dumps(summary), marker])
        try:
            result = await run_command(command, scratch, timeout=CHECK_SECONDS, sandbox=default_sandbox())
        finally:
            check_py.unlink(missing_ok=True)
        lines = [line for line in result.output.splitlines() if line.startswith(marker)]
        if not lines:
            ended = "it timed out" if result.timed_out else f"it ended with exit code {result.exit_code}"
            tail = result.output.strip()[-300:]
            return f"the check gave no verdict ({ended}){': ' + tail if tail else ''}"
        try:
            said = json.loads(lines[-1][len(marker):])
        except (ValueError, RecursionError):
            return "the check's verdict is not JSON"
        return said if isinstance(said, dict) else "the check's verdict is not a JSON object"
