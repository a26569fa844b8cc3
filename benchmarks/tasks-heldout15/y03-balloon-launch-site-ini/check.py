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
from skyride.flights import briefing, launch_options
from skyride.sites import load_sites

sites = load_sites()
want = {
    "ashford-meadow": ("Ashford Meadow", 12, ("small", "large"), ("morning", "evening"), 24),
    "castle-park": ("Castle Park", 8, ("small",), ("morning", "evening"), 24),
    "kemble-field": ("Kemble Field", 10, ("small", "large"), ("morning",), 48),
    "tor-view": ("Tor View", 12, ("large",), ("morning", "evening"), 24),
}
for key, values in want.items():
    assert key in sites, "site %r is gone" % key
    s = sites[key]
    got = (s.name, s.max_wind_knots, s.baskets, s.slots, s.notice_hours)
    assert got == values, "%s is now %r, expected %r" % (key, got, values)
new = [k for k in sites if k not in want]
assert len(new) == 1, "expected exactly one new site, found %r" % (new,)
h = sites[new[0]]
assert h.name.strip() == "Hollins Farm", "the new site is called %r" % (h.name,)
assert h.max_wind_knots == 8, "Hollins Farm wind limit %r, expected 8" % (h.max_wind_knots,)
assert h.baskets == ("small",), "Hollins Farm baskets %r, expected small only" % (h.baskets,)
assert h.slots == ("evening",), "Hollins Farm slots %r, expected evening only" % (h.slots,)
assert h.notice_hours == 24, "Hollins Farm notice %r, expected the default 24" % (h.notice_hours,)
assert "Hollins Farm" in launch_options(8, "small", "evening")
assert "Hollins Farm" not in launch_options(8, "small", "morning")
assert "Hollins Farm" not in launch_options(9, "small", "evening")
assert "Hollins Farm" not in launch_options(5, "large", "evening")
assert launch_options(12, "large", "evening") == ["Ashford Meadow", "Tor View"], launch_options(12, "large", "evening")
assert launch_options(11, "small", "morning") == ["Ashford Meadow"], launch_options(11, "small", "morning")
assert briefing(h).startswith("Hollins Farm: up to 8 kn, small basket, evening"), briefing(h)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    code = [p for p in _changed(root, original) if p.startswith(("skyride/", "tests/"))]
    if code:
        return False, "only launch_sites.ini should change, but so did: %s" % ", ".join(code)
    if _read(root, "launch_sites.ini") is None:
        return False, "launch_sites.ini is missing"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "launch_sites.ini does not hold the sites as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "Hollins Farm (8 kn, small, evening) added and Ashford Meadow at 12 kn, read by the repo's loader; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
