"""How many files a reader of `classify(action)` walks through, and how often they come back to one.

    python benchmarks/bench_classify_walk.py            # this checkout
    SMALLOPS_BENCH_TREE=/other/checkout python benchmarks/bench_classify_walk.py

The walk is read off a real run: `sys.settrace` records every function of the project that runs
while `classify()` judges an action, in the order each is first called (a reader reads a
function once, when the code first reaches it). The files of those functions, with consecutive
repeats folded, are the walk: "files" is how many different files it enters, "returns" how many
times it comes back to a file it had left (a -> b -> a is one return). Each action is judged once
before it is traced, so module imports and caches warmed by the first call are not counted; an
edit is given its preview, computed before, as the session gives it (one preview per proposal,
shared by the rules, the guards and the diff view).
Issue 31 asks for at most 6 files and at most 6 returns per action. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import TREE, tree_label  # noqa: E402

from smallops_tui.agent import ListDir, ReadFile, RunCommand, Workspace, WriteFile, classify  # noqa: E402
from smallops_tui.agent.files.edits import try_preview  # noqa: E402
from smallops_tui.agent.reply.actions import EDIT_TYPES, ReplaceLines, ReplaceText  # noqa: E402

PACKAGE = str(TREE / "smallops_tui")
WORKSPACE_FILES = {"main.py": "def add(a, b):\n    return a - b\n\n\nprint(add(2, 3))\n", "notes.txt": "keep me\n",
                   "src/app.py": "import sys\n\nprint(sys.argv)\n"}
ACTIONS: list[tuple[str, object]] = [
    ("read_file", ReadFile(path="main.py")),
    ("list_dir", ListDir(path="src")),
    ("write_file (new)", WriteFile(path="hello.py", content="print('hello')\n")),
    ("write_file (edit)", WriteFile(path="main.py", content="def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n")),
    ("replace_lines", ReplaceLines(path="notes.txt", start=1, end=1, content="keep me too\n")),
    ("replace_text", ReplaceText(path="main.py", old="a - b", new="a + b")),
    ("ls -la", RunCommand(command="ls -la")),
    ("git status", RunCommand(command="git status")),
    ("rm -rf src", RunCommand(command="rm -rf src")),
    ("sh -c nested", RunCommand(command="sh -c 'cat notes.txt | grep keep > out.txt'")),
    ("sh -c in sh -c", RunCommand(command="bash -c \"sh -c 'timeout 5 make CC=\\\"rm -rf src\\\"'\"")),
    ("write then run", RunCommand(command="printf 'echo hi\\n' > t.sh && sh t.sh")),
]


def walk(action: Any, workspace: Workspace) -> list[str]:
    """The project's files in the order a reader meets the functions classify() runs (each file
    once per visit: consecutive repeats folded)."""
    seen: set[CodeType] = set()
    files: list[str] = []

    def tracer(frame: FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if event == "call" and code not in seen and code.co_filename.startswith(PACKAGE):
            seen.add(code)
            files.append(str(Path(code.co_filename).relative_to(PACKAGE)))

    preview = try_preview(action, workspace)[0] if isinstance(action, EDIT_TYPES) else None
    classify(action, workspace, preview)  # warm: imports and caches
    sys.settrace(tracer)
    try:
        classify(action, workspace, preview)
    finally:
        sys.settrace(None)
    return files


def folded(files: list[str]) -> list[str]:
    return [name for k, name in enumerate(files) if k == 0 or files[k - 1] != name]


def counts(files: list[str]) -> tuple[int, int, Counter[str]]:
    """Files entered, returns to a file left, and how often each file was returned to."""
    visits = Counter(folded(files))
    return len(visits), sum(visits.values()) - len(visits), visits


def main() -> None:
    root = Path(tempfile.mkdtemp()) / "ws"
    for rel, text in WORKSPACE_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    workspace = Workspace(root)
    print(f"classify() walk, tree {tree_label()}")
    print("all: every file of smallops_tui the walk enters; risk/: the walk through agent/risk/ alone (the")
    print("helpers of files/ and reply/ it calls left out, as a reader of the risk judge would skip them)")
    print(f"{'action':22} {'all: files':>10} {'returns':>7}  {'risk/: files':>12} {'returns':>7}  most returned to (all)")
    worst = [0, 0, 0, 0]
    for label, action in ACTIONS:
        files = walk(action, workspace)
        entered, returns, visits = counts(files)
        risk_entered, risk_returns, _ = counts([f for f in files if f.startswith("agent/risk/")])
        worst = [max(a, b) for a, b in zip(worst, (entered, returns, risk_entered, risk_returns), strict=True)]
        most = ", ".join(f"{name.removeprefix('agent/')} {n - 1}" for name, n in visits.most_common(3) if n > 1)
        print(f"{label:22} {entered:10} {returns:7}  {risk_entered:12} {risk_returns:7}  {most}")
        if "-v" in sys.argv:
            print("    " + " -> ".join(name.removeprefix("agent/") for name in folded(files)))
    print(f"{'worst':22} {worst[0]:10} {worst[1]:7}  {worst[2]:12} {worst[3]:7}   (issue 31: at most 6 and 6)")


if __name__ == "__main__":
    main()
