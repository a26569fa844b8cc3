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
import re
from puttpar.card import Scorecard
from puttpar.course import COURSES, MAX_STROKES
from puttpar.leaderboard import board

def rejects(card, hole, strokes, name):
    before = (dict(card.strokes), card.total())
    try:
        card.record(hole, strokes)
    except ValueError as exc:
        msg = str(exc)
        if name is not None:
            assert re.search(r"(?<![\d.])%d(?!\d)" % name, msg), \
                "record(%r, %r): the message %r does not name hole %d" % (hole, strokes, msg, name)
    else:
        raise AssertionError("record(%r, %r) on %s should raise ValueError" % (hole, strokes, card.course.name))
    assert (dict(card.strokes), card.total()) == before, "a rejected record(%r, %r) changed the card" % (hole, strokes)

jungle = Scorecard("Maya", COURSES["jungle"])
jungle.record(9, MAX_STROKES)
jungle.record(1, 1)
rejects(jungle, 10, 2, 10)
rejects(jungle, 0, 2, 0)
rejects(jungle, -3, 2, None)
rejects(jungle, 8, MAX_STROKES + 1, 8)
rejects(jungle, 3, 0, 3)
rejects(jungle, 2, -1, 2)
rejects(jungle, 9, 2, 9)
rejects(jungle, 1, 1, 1)
assert jungle.strokes == {9: MAX_STROKES, 1: 1} and jungle.total() == MAX_STROKES + 1, jungle.strokes
for hole, s in [(2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 1), (8, 2)]:
    jungle.record(hole, s)
assert jungle.complete and jungle.total() == 30, jungle.total()
pirate = Scorecard("Ola", COURSES["pirate"])
for hole in range(1, 19):
    pirate.record(hole, 3)
assert pirate.complete and pirate.total() == 54
rejects(pirate, 19, 3, 19)
rejects(pirate, 18, 3, 18)
rejects(Scorecard("Finn", COURSES["pirate"]), 12, 7, 12)
lines = board([pirate, jungle])
assert len(lines) == 2 and "Maya" in lines[0] and "Ola" in lines[1], lines
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if _top_defs(_read(root, "puttpar/card.py")) is None:
        return False, "puttpar/card.py is missing or does not parse"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "Scorecard.record does not check its input as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "record() rejects holes off the course, strokes outside 1..MAX_STROKES and repeats, naming the hole; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
