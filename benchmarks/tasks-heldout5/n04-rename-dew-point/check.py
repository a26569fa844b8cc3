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
import datetime, math
from weatherlog.psychro import dew_point, is_muggy
import weatherlog.psychro as ps
def ref(t, rh):
    g = math.log(rh / 100.0) + 17.62 * t / (243.12 + t)
    return 243.12 * g / (17.62 - g)
for t, rh in [(20.0, 100), (30.0, 50), (-5.0, 70), (12.3, 33.3), (35.0, 90)]:
    got = dew_point(t, rh)
    assert abs(got - ref(t, rh)) < 1e-9, "dew_point(%r, %r) = %r" % (t, rh, got)
try:
    dew_point(20.0, 0)
except ValueError:
    pass
else:
    raise AssertionError("dew_point no longer rejects rh=0")
assert is_muggy(30.0, 50) and not is_muggy(22.0, 40)
from weatherlog.station import parse_line
assert parse_line("2026-07-01T15:00,30.0,50").dew_c == 18.4
from weatherlog import daily_summary
out = daily_summary(["2026-07-03T06:00,11.0,95", "2026-07-03T16:00,27.0,38", "2026-07-04T12:00,25.0,60"])
assert out[datetime.date(2026, 7, 3)]["max_dew"] == round(max(ref(11.0, 95), ref(27.0, 38)), 1), out
assert out[datetime.date(2026, 7, 4)]["max_dew"] == round(ref(25.0, 60), 1), out
print("OK")
'''


def _check(root, original, summary):
    import ast
    src = _read(root, "weatherlog/psychro.py")
    if src is None:
        return False, "weatherlog/psychro.py is missing"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "psychro.py does not parse: %r" % (exc,)
    if not any(isinstance(n, ast.FunctionDef) and n.name == "dew_point" for n in tree.body):
        return False, "psychro.py has no top-level def dew_point"
    for rel, text in _text_files(root, (".py",)).items():
        try:
            t = ast.parse(text)
        except SyntaxError as exc:
            return False, "%s does not parse: %r" % (rel, exc)
        for n in ast.walk(t):
            if isinstance(n, ast.Attribute) and n.attr == "calc_dew_pt":
                return False, "%s still uses the old name calc_dew_pt" % rel
            if isinstance(n, ast.Name) and n.id == "calc_dew_pt" and isinstance(n.ctx, ast.Load):
                return False, "%s still uses the old name calc_dew_pt" % rel
        if rel != "weatherlog/psychro.py" and "calc_dew_pt" in text:
            return False, "%s still mentions calc_dew_pt" % rel
    if "dew_point" not in (_read(root, "tests/test_psychro.py") or ""):
        return False, "tests/test_psychro.py does not test dew_point"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "renamed function or its callers misbehave: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "calc_dew_pt renamed to dew_point everywhere; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
