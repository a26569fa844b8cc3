# Check for a held-out benchmark task (tasks-heldout15). Standard library only.
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


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
from datetime import date, timedelta
from wickworks.curing import CURE_DAYS, ready_date

cases = [
    (date(2025, 3, 1), "soy", date(2025, 3, 15)),       # Saturday stays
    (date(2025, 3, 2), "soy", date(2025, 3, 17)),       # Sunday 16th -> Monday 17th
    (date(2025, 3, 3), "soy", date(2025, 3, 17)),
    (date(2025, 2, 27), "rapeseed", date(2025, 3, 10)), # Sunday 9th -> Monday
    (date(2025, 2, 26), "rapeseed", date(2025, 3, 8)),
    (date(2025, 2, 25), "rapeseed", date(2025, 3, 7)),
    (date(2025, 12, 25), "coconut", date(2026, 1, 1)),
    (date(2025, 12, 28), "coconut", date(2026, 1, 5)),  # Sunday 4th -> Monday
    (date(2025, 6, 5), "paraffin", date(2025, 6, 9)),   # Sunday 8th -> Monday 9th
    (date(2025, 6, 4), "paraffin", date(2025, 6, 7)),
    (date(2025, 6, 6), "beeswax", date(2025, 6, 9)),    # Sunday 8th -> Monday 9th
    (date(2025, 6, 7), "beeswax", date(2025, 6, 9)),
    (date(2024, 2, 27), "beeswax", date(2024, 2, 29)),
]
for poured, wax, want in cases:
    got = ready_date(poured, wax)
    assert got == want, "ready_date(%r, %r) = %r, expected %r" % (poured, wax, got, want)
    assert type(got) is date, "ready_date returned %r, not a date" % (got,)
for wax in ("gel", "", "palm"):
    try:
        ready_date(date(2025, 3, 1), wax)
    except ValueError:
        pass
    else:
        raise AssertionError("ready_date(..., %r) should raise ValueError" % (wax,))
start = date(2025, 1, 1)
for n in range(120):
    poured = start + timedelta(days=n)
    for wax, days in CURE_DAYS.items():
        got = ready_date(poured, wax)
        assert got.weekday() != 6, "ready_date(%r, %r) = %r is a Sunday" % (poured, wax, got)
        assert (got - poured).days in (days, days + 1), (poured, wax, got)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    defs = _top_defs(_read(root, "wickworks/curing.py"))
    if defs is None:
        return False, "wickworks/curing.py is missing or does not parse"
    if "ready_date" not in defs:
        return False, "wickworks/curing.py has no ready_date function"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "ready_date does not behave as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    return True, "ready_date adds the cure days and moves Sundays to Monday; unknown waxes raise; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
