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
import orchard
import orchard.planner as planner
import orchard.trees as trees_mod
from orchard import Tree, crates_needed, estimate_harvest, pickers_needed, tree_yield_kg
from orchard.trees import estimate_harvest as eh2

assert estimate_harvest is eh2
for mod in (orchard, planner, trees_mod):
    assert not hasattr(mod, "calc_yield"), "%s still has calc_yield" % mod.__name__
assert "estimate_harvest" in orchard.__all__ and "calc_yield" not in orchard.__all__
trees = [Tree("gala", 8, 1.0), Tree("cox", 1, 0.4), Tree("pippin", 10, 0.75)]
assert estimate_harvest(trees) == 135.5, estimate_harvest(trees)
assert estimate_harvest(trees, season_factor=0.63) == 85.4, estimate_harvest(trees, season_factor=0.63)
assert estimate_harvest(trees, 1.2) == 162.6
assert estimate_harvest([]) == 0
try:
    estimate_harvest(trees, season_factor=-0.1)
except ValueError:
    pass
else:
    raise AssertionError("negative season_factor accepted")
assert crates_needed(trees) == 8 and crates_needed(trees, season_factor=0.7) == 6
assert pickers_needed(trees * 10, days=1) == 4
calls = []
real = trees_mod.estimate_harvest
def spy(*a, **k):
    calls.append(1)
    return real(*a, **k)
trees_mod.estimate_harvest = spy
if hasattr(planner, "estimate_harvest"):
    planner.estimate_harvest = spy
crates_needed(trees)
assert calls, "planner no longer goes through estimate_harvest"
print("OK")
'''


def _check(root, original, summary):
    texts = _text_files(root)
    left = sorted(k for k, v in texts.items() if "calc_yield" in v)
    if left:
        return False, "calc_yield still appears in: %s" % ", ".join(left)
    defs = _top_defs(texts.get("orchard/trees.py", ""))
    if not defs or "estimate_harvest" not in defs:
        return False, "orchard/trees.py has no top-level estimate_harvest"
    for name in ("tree_yield_kg", "Tree"):
        if name not in (texts.get("orchard/trees.py") or ""):
            return False, "%s disappeared from orchard/trees.py" % name
    readme = texts.get("README.md", "")
    if "estimate_harvest" not in readme:
        return False, "README.md does not mention estimate_harvest"
    tests = "".join(v for k, v in texts.items() if k.startswith("tests/"))
    if "estimate_harvest" not in tests:
        return False, "the tests no longer exercise estimate_harvest"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "renamed API misbehaves: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "calc_yield renamed to estimate_harvest in package, tests and README; no alias"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
