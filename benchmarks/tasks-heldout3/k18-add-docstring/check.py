# Check for a held-out benchmark task. Standard library only.
import ast
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


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
from timeparse import parse_duration, format_duration
assert parse_duration("1h30m") == 5400
assert parse_duration(" 2D ") == 172800
assert parse_duration("90") == 90
assert parse_duration("1m 5s") == 65
for bad in ("", "5x", "h1", "1h30"):
    try:
        parse_duration(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("parse_duration(%r) should raise" % bad)
assert format_duration(3661) == "1h1m1s"
print("OK")
'''


def _strip_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _check(root, original, summary):
    src = _read(root, "timeparse/duration.py")
    if src is None:
        return False, "timeparse/duration.py is missing"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "timeparse/duration.py does not parse: %s" % exc
    func = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "parse_duration"), None)
    if func is None:
        return False, "parse_duration is gone"
    doc = ast.get_docstring(func) or ""
    if len(doc.strip()) < 40:
        return False, "parse_duration docstring missing or too short: %r" % doc
    low = doc.lower()
    if "second" not in low:
        return False, "docstring does not say the result is in seconds"
    if "valueerror" not in low and "raise" not in low:
        return False, "docstring does not mention when it raises (ValueError)"
    before = _orig(original, "timeparse/duration.py")
    if before is not None:
        try:
            if _strip_docstrings(ast.parse(before)) != _strip_docstrings(tree):
                return False, "the code of timeparse/duration.py changed, not just docstrings"
        except SyntaxError:
            pass
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "parse_duration behaviour changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "docstring added; code unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
