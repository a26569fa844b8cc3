# Check for a held-out benchmark task (tasks-heldout12). Standard library only.
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
import inspect
from rollcalc.rolls import rolls_needed
from rollcalc.rooms import room_rolls, shopping_line

for func in (rolls_needed, room_rolls):
    params = inspect.signature(func).parameters
    assert "pattern_repeat_cm" in params, "%s() has no pattern_repeat_cm argument" % func.__name__
    assert params["pattern_repeat_cm"].default == 0, "%s(): pattern_repeat_cm should default to 0" % func.__name__
cases = [((300, 240), 2), ((410, 260), 3), ((1000, 240), 5), ((800, 270), 6)]
for (w, h), want in cases:
    got = rolls_needed(w, h)
    assert got == want, "rolls_needed(%d, %d) = %r, expected %r" % (w, h, got, want)
    got = rolls_needed(w, h, pattern_repeat_cm=0)
    assert got == want, "rolls_needed(%d, %d, pattern_repeat_cm=0) = %r, expected %r" % (w, h, got, want)
cases = [(300, 240, 0, 2), (400, 240, 50, 2), (400, 240, 64, 3), (300, 260, 53, 2),
         (800, 270, 70, 6), (1000, 240, 25, 5), (640, 300, 52, 5), (530, 250, 64, 4)]
for w, h, r, want in cases:
    got = rolls_needed(w, h, pattern_repeat_cm=r)
    assert got == want, "rolls_needed(%d, %d, pattern_repeat_cm=%d) = %r, expected %r" % (w, h, r, got, want)
walls = [(300, 240), (400, 240)]
got = room_rolls(walls, spare=0, pattern_repeat_cm=64)
assert got == 5, "room_rolls(%r, spare=0, pattern_repeat_cm=64) = %r, expected 5" % (walls, got)
got = room_rolls([(800, 270), (400, 240)], pattern_repeat_cm=50)
assert got == 9, "room_rolls([(800, 270), (400, 240)], pattern_repeat_cm=50) = %r, expected 9" % (got,)
assert room_rolls(walls) == 5, "room_rolls without a repeat changed: %r" % (room_rolls(walls),)
assert shopping_line("Den", [(300, 240)]) == "Den: 3 rolls"
for call in (lambda: rolls_needed(300, 240, pattern_repeat_cm=-5),
             lambda: room_rolls(walls, pattern_repeat_cm=-1)):
    try:
        call()
    except ValueError:
        pass
    else:
        raise AssertionError("a negative pattern repeat was accepted")
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if _top_defs(_read(root, "rollcalc/rolls.py")) is None:
        return False, "rollcalc/rolls.py is missing or does not parse"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "pattern repeats are not handled as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "rolls_needed and room_rolls take pattern_repeat_cm and round drops up; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
