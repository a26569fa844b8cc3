# Check for a held-out benchmark task (tasks-heldout7). Standard library only.
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


# ---- task-specific part -------------------------------------------------
TEST_NAME = "test_return_on_last_grace_day_is_free"

HIDDEN = r'''
from datetime import date, timedelta
from libloans import fine_for, total_fines
from libloans.fines import fine_for as f2
assert fine_for is f2

def back(kind, late):
    loan = {"book": 21, "dvd": 7, "magazine": 7}[kind]
    b = date(2024, 5, 1)
    return b, b + timedelta(days=loan + late)

rates = {"book": 0.25, "dvd": 1.0, "magazine": 0.10}
for kind, rate in rates.items():
    for late in (-3, 0, 1, 2):
        b, r = back(kind, late)
        got = fine_for(kind, b, r)
        assert got == 0, "%s %d days late fined %r" % (kind, late, got)
    for late in (3, 4, 7):
        b, r = back(kind, late)
        want = round(min(late * rate, 10.0), 2)
        got = fine_for(kind, b, r)
        assert abs(got - want) < 1e-9, "%s %d days late: %r != %r" % (kind, late, got, want)
b, r = back("dvd", 30)
assert fine_for("dvd", b, r) == 10.0
assert fine_for("book", "2024-03-01", "2024-03-24") == 0
assert fine_for("book", "2024-03-01", "2024-03-25") == 0.75
assert total_fines([("book", "2024-03-01", "2024-03-24"),
                    ("magazine", "2024-03-01", "2024-03-11")]) == 0.3
print("OK")
'''


def _check(root, original, summary):
    src = _read(root, "tests/test_fines.py")
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return False, "tests/test_fines.py no longer parses"
    names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    if TEST_NAME not in names:
        return False, "the named test was removed or renamed"
    rc, out, err = _run(root, ["-m", "unittest", "discover", "-s", "tests",
                               "-p", "test*.py", "-k", TEST_NAME])
    if rc != 0 or _tests_ran(out + err) < 1:
        return False, "named test still fails: " + (out + err).strip()[-800:]
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "fine rule wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 11:
        return False, "fewer tests ran than before: " + out
    return True, "grace period is inclusive and late days are all charged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
