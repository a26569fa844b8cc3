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
from loftclock.clocking import flying_minutes, velocity
from loftclock.distance import to_yards
from loftclock.results import Entry, race_result, result_sheet

def close(a, b, tol):
    return abs(float(a) - float(b)) <= tol

for lib, clk, want in [("07:15:00", "09:45:30", 150.5), ("07:15:00", "07:16:15", 1.25),
                       ("06:59:59", "08:00:00", 60 + 1 / 60), ("07:15:20", "09:20:05", 124.75)]:
    got = flying_minutes(lib, clk)
    assert close(got, want, 1e-6), "flying_minutes(%r, %r) = %r, expected %r" % (lib, clk, got, want)
for text, want in [("92m", 92 * 1760), (" 92M ", 92 * 1760), ("0m 440y", 440), ("150m 0y", 264000),
                   ("87m 1204y", 154324), ("7m", 12320)]:
    got = to_yards(text)
    assert got == want, "to_yards(%r) = %r, expected %r" % (text, got, want)
for bad in ("", "87", "m 20y", "87m -4y", "87m 1760y"):
    try:
        to_yards(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("to_yards(%r) should still raise ValueError" % (bad,))
entries = [Entry("J. Hale", "GB24N01234", "87m 1204y", "09:12:59"),
           Entry("A. Lund", "GB24N00001", "150m 0y", "09:45:30"),
           Entry("R. Okoro", "GB24N05678", "92m", "08:22:45"),
           Entry("M. Byrne", "GB24N04444", "88m 0y", "09:10:30")]
want = [("A. Lund", 264000 / 150.5), ("R. Okoro", 161920 / 67.75),
        ("M. Byrne", 154880 / 115.5), ("J. Hale", 154324 / (117 + 59 / 60))]
want.sort(key=lambda w: -w[1])
placings = race_result("07:15:00", entries)
got = [(p.fancier, p.ypm) for p in placings]
assert [g[0] for g in got] == [w[0] for w in want], "race_result order %r, expected %r" % (got, want)
for (name, ypm), (_, exact) in zip(got, want):
    assert close(ypm, exact, 0.006), "%s: %r ypm, expected %.2f" % (name, ypm, exact)
assert [p.position for p in placings] == [1, 2, 3, 4]
lines = result_sheet("07:15:00", entries)
assert len(lines) == 5 and any("A. Lund" in x and "1754.15" in x for x in lines), lines
assert any("R. Okoro" in x for x in lines), lines
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    for rel in ("loftclock/clocking.py", "loftclock/distance.py", "loftclock/results.py"):
        if _top_defs(_read(root, rel)) is None:
            return False, "%s is missing or does not parse" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "velocities or loft distances are still handled wrongly: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 10:
        return False, "fewer tests ran than before: " + out
    return True, "seconds count as 1/60 minute and lofts without yards are placed; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
