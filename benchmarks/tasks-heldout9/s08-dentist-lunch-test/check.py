# Check for a held-out benchmark task (tasks-heldout9). Standard library only.
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
from chairtime.booking import first_free, free_slots
from chairtime.slots import day_slots

L = ("12:00", "13:00")
cases = [
    (("08:00", "17:00", 45, L), ["08:00", "08:45", "09:30", "10:15", "11:00",
                                 "13:00", "13:45", "14:30", "15:15", "16:00"]),
    (("10:00", "15:00", 40, L), ["10:00", "10:40", "11:20", "13:00", "13:40", "14:20"]),
    (("11:00", "14:00", 30, L), ["11:00", "11:30", "13:00", "13:30"]),
    (("11:30", "13:30", 30, L), ["11:30", "13:00"]),
    (("09:00", "12:00", 60, L), ["09:00", "10:00", "11:00"]),
    (("12:15", "14:00", 30, L), ["13:00", "13:30"]),
    (("08:00", "10:00", 50, None), ["08:00", "08:50"]),
    (("11:50", "16:00", 90, ("12:30", "13:00")), ["13:00", "14:30"]),
    (("08:00", "11:00", 60, ("12:00", "13:00")), ["08:00", "09:00", "10:00"]),
]
for args, want in cases:
    got = day_slots(*args)
    assert got == want, "day_slots%r = %r, expected %r" % (args, got, want)
got = free_slots(["10:40"], "10:00", "15:00", 40, L)
assert got == ["10:00", "11:20", "13:00", "13:40", "14:20"], "free_slots gave %r" % (got,)
got = first_free(["11:00"], "11:00", "14:00", 60, L)
assert got == "13:00", "first_free gave %r" % (got,)
print("OK")
'''

TEST_FILE = "tests/test_slots.py"


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    before, now = _orig(original, TEST_FILE), _read(root, TEST_FILE)
    try:
        same = before is not None and now is not None and \
            ast.dump(ast.parse(before)) == ast.dump(ast.parse(now))
    except SyntaxError:
        same = False
    if not same:
        return False, TEST_FILE + " was changed; the code should be fixed instead"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "slots around lunch are still wrong: " + out
    return True, "no slot overlaps lunch, slots touching lunch are kept; all tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
