# Check for a held-out benchmark task (tasks-heldout10). Standard library only.
import ast
import configparser
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
from dockbikes.plans import load_plans, grace_minutes
from dockbikes.rides import ride_cost

plans = load_plans()
assert "student" in plans, "load_plans() has no student plan: %r" % (sorted(plans),)
s = plans["student"]
assert (s.unlock_fee, s.per_minute, s.included_minutes) == (0.0, 0.12, 20), "student plan = %r" % (s,)
m = plans["member"]
assert (m.unlock_fee, m.per_minute, m.included_minutes) == (0.0, 0.10, 45), "member plan = %r" % (m,)
c = plans["casual"]
assert (c.unlock_fee, c.per_minute, c.included_minutes) == (1.0, 0.25, 0), "casual plan changed: %r" % (c,)
d = plans["day_pass"]
assert (d.unlock_fee, d.per_minute, d.included_minutes) == (0.0, 0.20, 60), "day_pass plan changed: %r" % (d,)
assert sorted(plans) == ["casual", "day_pass", "member", "student"], sorted(plans)
assert grace_minutes() == 2, grace_minutes()
for plan, mins, want in [("student", 35, 1.80), ("student", 20, 0.0), ("student", 21, 0.12),
                         ("student", 1, 0.0), ("member", 45, 0.0), ("member", 50, 0.50),
                         ("member", 31, 0.0), ("casual", 12, 4.0), ("day_pass", 61, 0.2)]:
    got = ride_cost(plan, mins)
    assert abs(got - want) < 1e-9, "ride_cost(%r, %r) = %r, expected %r" % (plan, mins, got, want)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    code = _modified(root, original, ["dockbikes/plans.py", "dockbikes/rides.py", "dockbikes/__init__.py"])
    if code:
        return False, "this is a config change, but code changed: %s" % ", ".join(code)
    text = _read(root, "dockbikes/plans.ini")
    if text is None:
        return False, "dockbikes/plans.ini is missing"
    cp = configparser.ConfigParser()
    try:
        cp.read_string(text)
    except configparser.Error as exc:
        return False, "dockbikes/plans.ini does not parse: %s" % (exc,)
    if not cp.has_section("plan:student"):
        return False, "dockbikes/plans.ini has no [plan:student] section"
    if cp.get("general", "currency", fallback=None) != "EUR":
        return False, "[general] currency changed"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "plans are not as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "student plan added, members get 45 included minutes, other plans untouched; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
