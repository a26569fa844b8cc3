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
import shutil
import tempfile

BARCODE = "crate/barcode.py"

# Each mutant breaks one behaviour the request asks the new tests to cover.
MUTANTS = [
    ("weights swapped (3, 1, 3, ...)",
     "weight = 3 if i % 2 else 1", "weight = 1 if i % 2 else 3"),
    ("check digit 10 instead of 0",
     "return (10 - total % 10) % 10", "return 10 - total % 10"),
    ("length not checked",
     "if len(digits) != 13 or not digits.isdigit():", "if not digits.isdigit():"),
    ("non-digit characters not rejected",
     "if len(digits) != 13 or not digits.isdigit():", "if len(digits) != 13:"),
    ("spaces and hyphens not allowed",
     "    digits = clean(code)\n    if len", "    digits = code\n    if len"),
    ("check digit never compared",
     "return check_digit(digits[:12]) == int(digits[12])", "return True"),
]


def _suite_catches(root, source):
    """Run the repo's tests with crate/barcode.py replaced by `source`;
    True when the suite fails (the mutant is caught)."""
    tmp = tempfile.mkdtemp(prefix="v06check")
    try:
        copy = Path(tmp) / "repo"
        shutil.copytree(str(root), str(copy),
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".git"))
        (copy / BARCODE).write_text(source, encoding="utf-8")
        ok, _ = _unittest(copy)
        return not ok
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    code = [p for p in _changed(root, original) if p.startswith(("crate/", "data/"))]
    if code:
        return False, "the package code must not change, but these did: %s" % ", ".join(code)
    test_src = _read(root, "tests/test_barcode.py")
    if test_src is None:
        return False, "tests/test_barcode.py was not added"
    if "is_valid_ean13" not in test_src:
        return False, "tests/test_barcode.py does not test is_valid_ean13"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "expected new tests to run alongside the 4 existing ones: " + out
    source = _read(root, BARCODE) or ""
    survived = []
    for label, old, new in MUTANTS:
        if old not in source:
            return False, "could not build the mutant '%s'" % label
        if not _suite_catches(root, source.replace(old, new, 1)):
            survived.append(label)
    if survived:
        return False, "the tests do not catch a broken is_valid_ean13: %s" % "; ".join(survived)
    return True, "tests/test_barcode.py catches all %d broken versions; suite passes" % len(MUTANTS)


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
