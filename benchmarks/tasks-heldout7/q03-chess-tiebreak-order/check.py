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
import shutil
import tempfile

HIDDEN = r'''
from chessclub import parse_results, standings

def order(text):
    return [row[0] for row in standings(parse_results(text))]

got = order("""abe cal 1-0
zoe max 1-0
max pat 1-0
max ron 1-0""")
assert got == ["max", "zoe", "abe", "pat", "ron", "cal"], got

got = order("""zed amy 1/2-1/2
bo cy 1/2-1/2""")
assert got == ["amy", "bo", "cy", "zed"], got

got = order("""ann ben 1-0
cat dan 1-0
eve fay 0-1
ann cat 1/2-1/2
ben dan 1-0
fay eve 0-1
ann fay 0-1
cat eve 1-0
dan ben 1/2-1/2""")
assert got == ["cat", "fay", "ann", "ben", "eve", "dan"], got
rows = standings(parse_results("ann ben 1-0\nben cy 1-0"))
assert [tuple(r) for r in rows] == [("ann", 1.0, 1.0), ("ben", 1.0, 1.0), ("cy", 0.0, 1.0)], rows
print("OK")
'''

GAMES = """# round 1
ann ben 1-0
cat dan 1-0
eve fay 0-1
# round 2
ann cat 1/2-1/2
ben dan 1-0
fay eve 0-1
"""


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "standings order wrong: " + out
    tmp = tempfile.mkdtemp()
    try:
        path = os.path.join(tmp, "results.txt")
        with open(path, "w") as fh:
            fh.write(GAMES)
        rc, out, err = _run(root, ["-m", "chessclub", path])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    names = [ln.split()[1] for ln in out.splitlines()[1:] if ln.strip()]
    # points: ann 1.5, cat 1.5, ben 1, eve 1, fay 1, dan 0
    # buchholz: ann 2.5, cat 1.5, eve 2, fay 2, ben 1.5, dan 2.5
    want = ["ann", "cat", "eve", "fay", "ben", "dan"]
    if rc != 0 or names != want:
        return False, "python -m chessclub order %s, expected %s: %s" % (names, want, (out + err)[-400:])
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "ties broken by higher Buchholz, then name; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
