"""How many files a reader of `classify(action)` walks through, and how often they come back to one.

    python benchmarks/bench_classify_walk.py            # this checkout
    python benchmarks/bench_classify_walk.py -v         # and each walk, file by file
    SMALLOPS_BENCH_TREE=/other/checkout python benchmarks/bench_classify_walk.py

The walk and the action shapes are tests/classify_walk.py's (this checkout's, whichever tree is
measured, so a baseline and a branch are walked alike): the functions classify() runs, in the order
each is first called, and their files with repeats folded. Printed per shape: the walk through every
file of smallops_tui, and through agent/risk/ alone (the helpers of files/ and reply/ it calls left
out, as a reader of the risk judge would skip them), against issue 31's bound of 6 files and 6
returns. Prints numbers; tests/unit/test_classify_walk.py holds the bound.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import checkout_module, tree_label  # noqa: E402


def main() -> None:
    shapes = checkout_module("tests/classify_walk.py", "bench_classify_walk_shapes")
    workspace = shapes.make_workspace(Path(tempfile.mkdtemp()) / "ws")
    print(f"classify() walk, tree {tree_label()}")
    print("all: every file of smallops_tui the walk enters; risk/: the walk through agent/risk/ alone")
    print(f"{'action':22} {'all: files':>10} {'returns':>7}  {'risk/: files':>12} {'returns':>7}  most returned to (risk/)")
    worst = [0, 0, 0, 0]
    for label, action in shapes.SHAPES:
        whole = shapes.walk(action, workspace)
        risk = whole.within(shapes.RISK)
        numbers = (whole.entered, whole.returns, risk.entered, risk.returns)
        worst = [max(a, b) for a, b in zip(worst, numbers, strict=True)]
        most = ", ".join(f"{name.removeprefix(shapes.RISK)} {n - 1}" for name, n in risk.visits.most_common(3) if n > 1)
        mark = "" if risk.meets_the_bound() else "  (over)"
        print(f"{label:22} {numbers[0]:10} {numbers[1]:7}  {numbers[2]:12} {numbers[3]:7}{mark}  {most}")
        if "-v" in sys.argv:
            print("    " + " -> ".join(name.removeprefix("agent/") for name in whole.files))
    print(f"{'worst':22} {worst[0]:10} {worst[1]:7}  {worst[2]:12} {worst[3]:7}"
          f"   (issue 31: at most {shapes.MAX_FILES} files and {shapes.MAX_RETURNS} returns)")


if __name__ == "__main__":
    main()
