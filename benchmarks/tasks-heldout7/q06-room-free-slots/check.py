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
HIDDEN = r'''
import roombook
from roombook import Booking, free_slots

def slots(*args, **kw):
    got = free_slots(*args, **kw)
    return [tuple(s) for s in got]

assert slots([], "Oak") == [("08:00", "18:00")], slots([], "Oak")

B = [
    Booking("Oak", "13:00", "14:00", "sam"),
    Booking("Oak", "09:00", "10:30", "priya"),
    Booking("Elm", "08:00", "12:00", "lee"),
    Booking("Oak", "10:00", "11:00", "jo"),
]
got = slots(B, "Oak")
assert got == [("08:00", "09:00"), ("11:00", "13:00"), ("14:00", "18:00")], got
got = slots(B, "Elm")
assert got == [("12:00", "18:00")], got
got = slots(B, "Pine", day_start="09:00", day_end="17:30")
assert got == [("09:00", "17:30")], got

nested = [Booking("Oak", "09:00", "12:00", "a"), Booking("Oak", "10:00", "11:00", "b")]
got = slots(nested, "Oak")
assert got == [("08:00", "09:00"), ("12:00", "18:00")], "nested bookings: %r" % got

gaps = [Booking("Oak", "10:20", "12:00", "a"), Booking("Oak", "08:30", "10:00", "b")]
got = slots(gaps, "Oak")
assert got == [("08:00", "08:30"), ("12:00", "18:00")], "min_minutes=30: %r" % got
got = slots(gaps, "Oak", min_minutes=10)
assert got == [("08:00", "08:30"), ("10:00", "10:20"), ("12:00", "18:00")], got
got = slots(gaps, "Oak", min_minutes=31)
assert got == [("12:00", "18:00")], got

edge = [Booking("Oak", "08:30", "09:30", "a"), Booking("Oak", "16:45", "17:30", "b")]
got = slots(edge, "Oak", day_start="09:00", day_end="17:00")
assert got == [("09:30", "16:45")], "clipping to the day: %r" % got

full = [Booking("Oak", "07:00", "19:00", "all")]
assert slots(full, "Oak") == [], slots(full, "Oak")

touching = [Booking("Oak", "10:00", "11:00", "a"), Booking("Oak", "09:00", "10:00", "b"),
            Booking("Oak", "11:00", "18:00", "c")]
got = slots(touching, "Oak", min_minutes=0)
got = [g for g in got if g[0] != g[1]]
assert got == [("08:00", "09:00")], got
assert slots(touching, "Oak") == [("08:00", "09:00")], slots(touching, "Oak")
print("OK")
'''


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "free_slots missing or wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "roombook.free_slots returns the right gaps; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
