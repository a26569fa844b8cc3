# Check for a held-out benchmark task (tasks-heldout10). Standard library only.
import ast
import os
import re
import subprocess
import sys
from pathlib import Path


def _run(root, args, timeout=20, stdin=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    try:
        p = subprocess.run([sys.executable] + list(args), cwd=str(root), input=stdin,
                           capture_output=True, text=True, timeout=timeout, env=env)
    except Exception as exc:
        return 1, "", "could not run: %r" % (exc,)
    return p.returncode, p.stdout, p.stderr


def _py(root, code):
    """Run a Python snippet in the repo; (ok, output tail)."""
    rc, out, err = _run(root, ["-c", code])
    return rc == 0, (out + err).strip()[-1200:]


def _unittest(root):
    """Run the repo's unittest suite; (ok, output tail)."""
    rc, out, err = _run(root, ["-m", "unittest", "discover", "-s", "tests", "-p", "test*.py"])
    return rc == 0, (out + err).strip()[-1200:]


def _tests_ran(output):
    m = re.search(r"Ran (\d+) tests?", output or "")
    return int(m.group(1)) if m else -1


def _read(root, rel):
    try:
        return (Path(root) / rel).read_text(encoding="utf-8")
    except Exception:
        return None


_IGNORED_DIRS = {".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                 ".venv", "venv", ".tox", ".eggs"}


def _ignored(rel):
    parts = rel.split("/")
    if any(x in _IGNORED_DIRS or x.endswith(".egg-info") for x in parts[:-1]):
        return True
    name = parts[-1]
    return name.endswith((".pyc", ".pyo")) or name.endswith(".egg-info") or name == ".DS_Store"


def _snapshot(root):
    """All project files now on disk, as {relative posix path: bytes}."""
    out = {}
    for p in Path(root).rglob("*"):
        try:
            if not p.is_file():
                continue
            rel = p.relative_to(root).as_posix()
            if _ignored(rel):
                continue
            out[rel] = p.read_bytes()
        except Exception:
            continue
    return out


def _orig_files(original):
    """The starting files as {relative posix path: bytes}; `original` may be a
    folder (pathlib.Path or str) or a dict of relative path -> bytes/str."""
    try:
        if isinstance(original, dict):
            out = {}
            for k, v in original.items():
                rel = str(k).replace("\\", "/")
                if _ignored(rel):
                    continue
                out[rel] = v if isinstance(v, bytes) else str(v).encode("utf-8")
            return out
        if original and Path(original).is_dir():
            return _snapshot(Path(original))
    except Exception:
        pass
    return {}


def _orig(original, rel):
    data = _orig_files(original).get(rel)
    if data is None:
        return None
    return data.decode("utf-8", "replace")


def _changed(root, original):
    """Relative paths added, removed or modified compared with `original`."""
    now = _snapshot(root)
    orig = _orig_files(original)
    return sorted(k for k in set(now) | set(orig) if now.get(k) != orig.get(k))


def _text_files(root, exts=(".py", ".md", ".txt", ".toml", ".cfg", ".ini", ".json", ".rst")):
    """{relative path: text} for project text files (caches skipped)."""
    out = {}
    for rel, data in _snapshot(root).items():
        if rel.endswith(exts):
            out[rel] = data.decode("utf-8", "replace")
    return out


def _top_defs(src):
    """Names of top-level functions and classes in a Python source."""
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return None
    return {n.name for n in tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}


def _missing(root, original, allowed=()):
    """Starting files (other than `allowed`) that no longer exist."""
    now = _snapshot(root)
    return sorted(k for k in _orig_files(original) if k not in now and k not in allowed)


def _modified(root, original, rels):
    """Those of `rels` whose bytes differ from the starting state."""
    now = _snapshot(root)
    orig = _orig_files(original)
    return sorted(r for r in rels if now.get(r) != orig.get(r))


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
from datetime import date
from apiary.season import in_season
from apiary.harvest import Harvest, season_total, totals_by_hive
from apiary.report import render

for d, want in [(date(2026, 9, 1), True), (date(2026, 9, 30), True), (date(2025, 9, 15), True),
                (date(2026, 4, 1), True), (date(2026, 8, 31), True), (date(2026, 6, 15), True),
                (date(2026, 10, 1), False), (date(2026, 3, 31), False), (date(2025, 12, 5), False),
                (date(2026, 1, 1), False), (date(2026, 11, 20), False)]:
    got = bool(in_season(d))
    assert got == want, "in_season(%s) = %r, expected %r" % (d, got, want)

hs = [Harvest("K1", date(2025, 9, 14), 5.5), Harvest("K1", date(2025, 6, 1), 10.0),
      Harvest("K2", date(2025, 10, 2), 3.0), Harvest("K2", date(2025, 9, 30), 2.25),
      Harvest("K3", date(2024, 9, 10), 7.0), Harvest("K4", date(2025, 3, 28), 1.5)]
tot = season_total(hs, 2025)
assert abs(tot - 17.75) < 1e-6, "season_total = %r, expected 17.75" % (tot,)
by = totals_by_hive(hs, 2025)
assert set(by) == {"K1", "K2"}, "totals_by_hive hives = %r" % (sorted(by),)
assert abs(by["K1"] - 15.5) < 1e-6 and abs(by["K2"] - 2.25) < 1e-6, "totals_by_hive = %r" % (by,)
text = render(hs, 2025)
head = text.splitlines()[0]
assert "April" in head and "September" in head, "report header changed: %r" % (head,)
assert "October" not in text and "March" not in text, "report now claims a longer season: %r" % (head,)
assert "17.75" in text, "report total is not 17.75:\n" + text
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    for rel in ("apiary/season.py", "apiary/harvest.py", "apiary/report.py"):
        if _top_defs(_read(root, rel)) is None:
            return False, "%s is missing or does not parse" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "September harvests are still not counted correctly: " + out
    rc, out, err = _run(root, ["-m", "apiary.report", "harvests.csv", "2026"])
    if rc != 0 or "47.00" not in out:
        return False, "report on harvests.csv should total 47.00 kg: " + (out + err)[-600:]
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "September counts as in season, October/March do not, label unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
