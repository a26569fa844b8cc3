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
import contextlib, io
from geo.distance import haversine, route_length
from geo.cli import main
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    d = haversine((52.52, 13.405), (48.137, 11.575))
    r = route_length([(0, 0), (0, 1), (1, 1)])
assert buf.getvalue() == "", "distance functions still print: %r" % buf.getvalue()[:200]
assert abs(d - 504.4) < 0.5, d
assert abs(r - 2 * 111.19) < 0.1, r
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    assert main(["0,0", "1,0"]) == 0
assert buf.getvalue() == "111.2 km\n", repr(buf.getvalue())
print("OK")
'''


def _check(root, original, summary):
    src = _read(root, "geo/distance.py")
    if src is None:
        return False, "geo/distance.py is missing"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "geo/distance.py does not parse: %s" % exc
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            return False, "a print() call is still in geo/distance.py (line %d)" % node.lineno
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    if not {"haversine", "route_length"} <= names:
        return False, "functions missing from geo/distance.py: %r" % names
    cli_before = _orig(original, "geo/cli.py")
    if cli_before is not None and _read(root, "geo/cli.py") != cli_before:
        return False, "geo/cli.py was changed; only distance.py had debug prints"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "behaviour changed or output still noisy: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "debug prints removed"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
