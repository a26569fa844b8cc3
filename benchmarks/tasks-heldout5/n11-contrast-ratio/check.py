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
import palette
from palette import contrast_ratio
assert "contrast_ratio" in getattr(palette, "__all__", ["contrast_ratio"]), "contrast_ratio missing from palette.__all__"
cases = [
    ("#000000", "#ffffff", 21.0), ("#ffffff", "#000000", 21.0), ("#ffffff", "#ffffff", 1.0),
    ("#777777", "#ffffff", 4.4781), ("#ff0000", "#ffffff", 3.9985), ("#0000ff", "#000000", 2.4440),
    ("#1E90FF", "#FFFFFF", 3.2365), ("#f0f0f0", "#336699", 5.2630), ("#767676", "#ffffff", 4.5422),
]
for a, b, want in cases:
    got = contrast_ratio(a, b)
    assert isinstance(got, (int, float)), "contrast_ratio(%r, %r) returned %r" % (a, b, got)
    assert abs(got - want) <= 0.01, "contrast_ratio(%r, %r) = %r, want about %s" % (a, b, got, want)
print("OK")
'''


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "contrast_ratio missing or wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "contrast_ratio exported and matches WCAG values; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
