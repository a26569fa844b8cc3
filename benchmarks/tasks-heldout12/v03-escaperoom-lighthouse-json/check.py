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
from escapehq.booking import quote, rooms_for
from escapehq.config import load_rooms

rooms = load_rooms()
by_name = {}
for r in rooms:
    assert r.name not in by_name, "room %r is listed twice" % (r.name,)
    by_name[r.name] = r
want = {  # name: (min_players, max_players, minutes, price_cents, difficulty)
    "Pharaoh's Tomb": (2, 6, 60, 2800, "hard"),
    "Sunken Submarine": (2, 6, 75, 2500, "medium"),
    "Grandma's Attic": (1, 4, 60, 2200, "easy"),
    "The Lighthouse": (3, 5, 90, 3200, "hard"),
}
assert sorted(by_name) == sorted(want), "rooms are %r" % (sorted(by_name),)
for name, fields in want.items():
    r = by_name[name]
    got = (r.min_players, r.max_players, r.minutes, r.price_cents, r.difficulty)
    assert got == fields, "%s: got %r, expected %r" % (name, got, fields)
    for value in got[:4]:
        assert type(value) is int, "%s: %r should be a whole number" % (name, value)
light = by_name["The Lighthouse"]
assert quote(light, 4) == 12800, "4 players in The Lighthouse cost %r cents" % (quote(light, 4),)
for bad in (2, 6):
    try:
        quote(light, bad)
    except ValueError:
        pass
    else:
        raise AssertionError("The Lighthouse accepted %d players" % bad)
names = [r.name for r in rooms_for(5, rooms)]
assert names == ["Pharaoh's Tomb", "Sunken Submarine", "The Lighthouse"], "rooms for 5: %r" % (names,)
names = [r.name for r in rooms_for(7, rooms)]
assert names == [], "rooms for 7: %r" % (names,)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    code = [p for p in _changed(root, original) if p.startswith("escapehq/")]
    if code:
        return False, "only the room settings should change, but code changed: %s" % ", ".join(code)
    if _read(root, "rooms.json") is None:
        return False, "rooms.json is missing"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "rooms.json does not hold the expected rooms: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "The Lighthouse added (3-5 players, 90 min, hard, EUR 32), Pharaoh's Tomb capped at 6; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
