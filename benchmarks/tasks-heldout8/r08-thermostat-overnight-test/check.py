# Check for a held-out benchmark task (tasks-heldout8). Standard library only.
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
from thermo import DEFAULT_SETPOINT, heating_needed, parse_schedule, setpoint_at

def expect(text, cases):
    sched = parse_schedule(text)
    for now, want in cases:
        got = setpoint_at(sched, now)
        assert got == want, "schedule %r at %s -> %r, expected %r" % (text, now, got, want)

D = DEFAULT_SETPOINT
expect("22:00-06:00 17.5\n06:00-08:30 21",
       [("21:59", D), ("22:00", 17.5), ("00:00", 17.5), ("05:59", 17.5), ("06:00", 21.0),
        ("08:29", 21.0), ("08:30", D)])
expect("20:00-00:00 19", [("19:59", D), ("20:00", 19.0), ("23:59", 19.0), ("00:00", D)])
expect("23:30-00:30 15", [("23:29", D), ("23:30", 15.0), ("00:00", 15.0), ("00:29", 15.0),
                          ("00:30", D), ("12:00", D)])
expect("06:00-08:30 21\n17:30-22:00 20.5",
       [("05:59", D), ("06:00", 21.0), ("17:30", 20.5), ("21:59", 20.5), ("22:00", D)])
sched = parse_schedule("# nights\n22:00-06:00 17.5")
assert heating_needed(sched, "02:00", 16.9) is True
assert heating_needed(sched, "02:00", 17.1) is False
assert heating_needed(sched, "12:00", 15.6) is False
for bad in ("06:00-25:00 20", "2200-0600 17"):
    try:
        parse_schedule(bad)
    except ValueError:
        continue
    raise AssertionError("parse_schedule(%r) should raise ValueError" % (bad,))
print("OK")
'''

TEST = "tests/test_schedule.py"


def _check(root, original, summary):
    orig_test = _orig(original, TEST)
    if orig_test is None:
        return False, "original %s not available" % TEST
    if _read(root, TEST) != orig_test:
        return False, "%s was modified; the fix belongs in the code" % TEST
    if _read(root, "tests/test_heating.py") != _orig(original, "tests/test_heating.py"):
        return False, "tests/test_heating.py was modified"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "overnight periods still wrong in other cases: " + out
    return True, "overnight periods work (incl. ending at 00:00); all tests pass, tests untouched"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
