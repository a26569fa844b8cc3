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
from vending import Machine, load_float

def err(fn, *args):
    try:
        fn(*args)
    except ValueError as exc:
        return str(exc)
    except Exception as exc:
        return "%s: %s" % (type(exc).__name__, exc)
    return None

CASES = [
    ([3], "unsupported coin: 3"),
    ([50, 25], "unsupported coin: 25"),
    ([10.0], "unsupported coin: 10.0"),
    ([True], "unsupported coin: True"),
    ([20, "50"], "unsupported coin: '50'"),
    ([None], "unsupported coin: None"),
    ([10] * 21, "too many coins at once (max 20)"),
    ([3] * 25, "too many coins at once (max 20)"),
]
for coins, want in CASES:
    m = Machine({"A1": 120}, till={10: 1})
    got = err(m.insert, coins)
    assert got == want, "insert(%r): %r, expected %r" % (coins, got, want)
    assert m.credit == 0 and m.till == {10: 1}, "insert(%r) changed state" % (coins,)
    till = {5: 1}
    got = err(load_float, till, coins)
    assert got == want, "load_float(%r): %r, expected %r" % (coins, got, want)
    assert till == {5: 1}, "load_float(%r) changed the till" % (coins,)

m = Machine({"A1": 120}, till={})
assert m.insert(iter([50, 50])) == 100
assert m.insert((c for c in [200])) == 300
assert m.insert([10] * 20) == 500
assert m.insert([]) == 500
assert m.till == {50: 2, 200: 1, 10: 20}, m.till
assert load_float({}, iter([5, 5, 200])) == {5: 2, 200: 1}
assert load_float({5: 1}, []) == {5: 1}
print("OK")
'''


def _calls(tree, name):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if (isinstance(f, ast.Name) and f.id == name) or \
               (isinstance(f, ast.Attribute) and f.attr == name):
                return True
    return False


def _strings(tree):
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _check(root, original, summary):
    orig = _orig_files(original)
    now = _snapshot(root)
    touched = sorted(k for k in set(orig) | set(now)
                     if k.startswith("tests/") and orig.get(k) != now.get(k))
    if touched:
        return False, "tests were changed: %s" % ", ".join(touched)
    trees = {}
    for rel in ("vending/coins.py", "vending/machine.py", "vending/refund.py"):
        try:
            trees[rel] = ast.parse(_read(root, rel) or "")
        except SyntaxError as exc:
            return False, "%s does not parse: %s" % (rel, exc)
    if "validate_coins" not in (_top_defs(_read(root, "vending/coins.py")) or set()):
        return False, "vending/coins.py has no top-level validate_coins()"
    for rel in ("vending/machine.py", "vending/refund.py"):
        if not _calls(trees[rel], "validate_coins"):
            return False, "%s does not call validate_coins()" % rel
        dup = [s for s in _strings(trees[rel]) if "unsupported coin" in s or "too many coins" in s]
        if dup:
            return False, "%s still has its own coin checks (%r)" % (rel, dup[0])
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "behaviour changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    return True, "coin checks live in coins.validate_coins, used by both; behaviour unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
