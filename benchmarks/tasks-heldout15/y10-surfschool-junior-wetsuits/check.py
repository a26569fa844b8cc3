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
TEST_FILE = "tests/test_wetsuits.py"

HIDDEN = r'''
from swellschool.lessons import Student, kit_list
from swellschool.wetsuits import wetsuit_size

cases = [
    (128, 9, "J8"), (100, 5, "J4"), (160, 13, "J14"), (175, 13, "M"), (150, 14, "XS"),
    (110, 4, "J4"), (111, 6, "J6"), (122, 8, "J6"), (123, 8, "J8"), (134, 10, "J8"), (135, 10, "J10"),
    (146, 11, "J10"), (147, 12, "J12"), (158, 12, "J12"), (159, 13, "J14"), (170, 13, "J14"),
    (171, 12, "S"), (172, 11, "S"), (184, 13, "L"), (198, 13, "XXL"), (80, 3, "J4"),
    (134, 14, "XS"), (170, 15, "S"), (165, 40, "XS"), (166, 40, "S"), (178, 60, "M"), (190, 18, "XL"),
]
for height, age, want in cases:
    got = wetsuit_size(height, age)
    assert got == want, "wetsuit_size(%r, %r) = %r, expected %r" % (height, age, got, want)
for height, age in [(199, 30), (199, 12), (0, 8), (-5, 30)]:
    try:
        wetsuit_size(height, age)
    except ValueError:
        pass
    else:
        raise AssertionError("wetsuit_size(%r, %r) should raise ValueError" % (height, age))
students = [Student("Noah", 34, 181, "improver"), Student("Milo", 9, 131, "beginner"),
            Student("Iris", 13, 174, "beginner"), Student("Tess", 11, 146, "beginner")]
assert kit_list(students) == ["Iris: M", "Milo: J8", "Noah: L", "Tess: J10"], kit_list(students)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    before = _orig_files(original).get(TEST_FILE)
    now = (Path(root) / TEST_FILE).read_bytes() if (Path(root) / TEST_FILE).is_file() else None
    if before is None or now != before:
        return False, "%s was changed; the test had to pass as written" % TEST_FILE
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "junior wetsuit sizes are not picked like the adult ones: " + out
    return True, "juniors get junior sizes (top height included), adult sizes when too tall or 14+; test passes unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
