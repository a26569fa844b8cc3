# Check for a held-out benchmark task. Standard library only.
import os
import re
import subprocess
import sys
from pathlib import Path


def _run(root, args, timeout=20):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    try:
        p = subprocess.run([sys.executable] + list(args), cwd=str(root),
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


_PLAIN_RUNNER = r'''
import importlib.util, pathlib, sys, traceback
ran = fails = 0
for f in sorted(pathlib.Path("tests").glob("test_*.py")):
    spec = importlib.util.spec_from_file_location("t_" + f.stem, f)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for n in sorted(dir(m)):
        if n.startswith("test_") and callable(getattr(m, n)):
            ran += 1
            try:
                getattr(m, n)()
            except Exception:
                fails += 1
                traceback.print_exc()
print("ran", ran, "failed", fails)
sys.exit(1 if fails or not ran else 0)
'''


def _plain_tests(root):
    """Run pytest-style test functions without pytest; (ok, output tail)."""
    return _py(root, _PLAIN_RUNNER)


def _read(root, rel):
    try:
        return (Path(root) / rel).read_text(encoding="utf-8")
    except Exception:
        return None


def _orig(original, rel):
    try:
        for k, v in (original or {}).items():
            if str(k).replace("\\", "/") == rel:
                return v.decode("utf-8") if isinstance(v, bytes) else str(v)
    except Exception:
        pass
    return None


def _py_files(root):
    out = []
    for p in sorted(Path(root).rglob("*.py")):
        parts = p.relative_to(root).parts
        if any(x in (".git", ".venv", "venv", "__pycache__") for x in parts):
            continue
        out.append(p)
    return out


_IGNORED_DIRS = {".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                 ".venv", "venv", ".tox", ".eggs"}


def _ignored(rel):
    parts = rel.split("/")
    if any(x in _IGNORED_DIRS for x in parts[:-1]):
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
            if any(x in _IGNORED_DIRS or x.endswith(".egg-info") for x in rel.split("/")[:-1]):
                continue
            if _ignored(rel):
                continue
            out[rel] = p.read_bytes()
        except Exception:
            continue
    return out


def _changed(root, original):
    """Relative paths added, removed or modified compared with `original`."""
    now = _snapshot(root)
    orig = {}
    for k, v in (original or {}).items():
        rel = str(k).replace("\\", "/")
        if _ignored(rel):
            continue
        orig[rel] = v if isinstance(v, bytes) else str(v).encode("utf-8")
    return sorted(k for k in set(now) | set(orig) if now.get(k) != orig.get(k))


def _exists(root, rel):
    return (Path(root) / rel).exists()


def _text_files(root, exts=(".py", ".md", ".txt", ".toml", ".cfg", ".ini", ".json", ".rst")):
    """{relative path: text} for project text files (caches skipped)."""
    out = {}
    for rel, data in _snapshot(root).items():
        if rel.endswith(exts):
            try:
                out[rel] = data.decode("utf-8")
            except Exception:
                out[rel] = data.decode("utf-8", "replace")
    return out


def _strip_docstrings(tree):
    import ast
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = getattr(node, "body", None)
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _same_code(a_src, b_src):
    """True when two Python sources have the same AST once docstrings are ignored."""
    import ast
    try:
        a = _strip_docstrings(ast.parse(a_src))
        b = _strip_docstrings(ast.parse(b_src))
    except SyntaxError:
        return False
    return ast.dump(a) == ast.dump(b)


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
import datetime
from relkit.version import compare_versions, latest, bump
from relkit.changelog import next_heading
cases = [
    ("1.10.0", "1.9.0", 1), ("1.9.0", "1.10.0", -1), ("10.0.0", "9.9.9", 1),
    ("1.2.10", "1.2.9", 1), ("0.9.0", "0.10.0", -1), ("2.0.0", "10.0.0", -1),
    ("1.2.3", "1.2.3", 0), ("v1.20.3", "1.20.3", 0), ("1.2.3-rc1", "1.2.3", -1),
    ("1.2.3", "1.2.3-rc1", 1), ("1.3.0-rc1", "1.2.9", 1), ("1.2.0", "1.3.0", -1),
]
for a, b, want in cases:
    got = compare_versions(a, b)
    assert got == want, "compare_versions(%r, %r) = %r, want %r" % (a, b, got, want)
assert latest(["1.9.3", "1.10.0", "1.2.7"]) == "1.10.0"
assert latest(["0.99.0", "0.100.0-rc2", "0.8.0"]) == "0.100.0-rc2"
assert latest(["3.0.0-rc1", "3.0.0", "2.11.4"]) == "3.0.0"
log = "# Changelog\n\n## [0.10.2] - 2026-05-01\n- x\n\n## [0.9.7] - 2026-01-01\n- y\n"
got = next_heading(log, "patch", today=datetime.date(2026, 6, 1))
assert got == "## [0.10.3] - 2026-06-01", got
assert bump("1.4.2", "major") == "2.0.0"
print("OK")
'''


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "version comparison still wrong: " + out
    test_src = _read(root, "tests/test_version.py") or ""
    if "test_compare_multi_digit_minor" not in test_src or '"1.10.0", "1.9.0"), 1)' not in test_src:
        return False, "the failing test in tests/test_version.py was removed or changed"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 10:
        return False, "fewer tests ran than before: " + out
    return True, "versions compare numerically; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
