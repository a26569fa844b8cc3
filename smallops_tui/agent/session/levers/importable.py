"""`importable`: commands run with the workspace's top level on PYTHONPATH.

A small model asked to check its work often runs a test file directly (`python tests/test_x.py`).
Python then puts `tests/` first on the import path, not the project's top level, so the file's own
`import calc` fails with ModuleNotFoundError; five of 27 held-out runs (k04, k06, k15, m01, m03 in
docs/bench.md) read that as a missing package and spent their remaining steps on `pip install`
detours. With the top level on PYTHONPATH the file runs as `python -m pytest` from the top level
would run it, which is what the person who wrote the tests expects.

It adds no reach: the sandbox already lets commands read the workspace, and `python -c`/`-m`
already put the working directory (the top level) first on the path.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def importable_env(root: Path, environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The variables that make the workspace's top level importable, ahead of any PYTHONPATH the
    person's own environment gives commands (kept after it, not replaced)."""
    outer = (os.environ if environ is None else environ).get("PYTHONPATH", "")
    entries = [str(root)] + [entry for entry in outer.split(os.pathsep) if entry and entry != str(root)]
    return {"PYTHONPATH": os.pathsep.join(entries)}
