# Check for a held-out benchmark task. Standard library only.
import ast
import json
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
CASES = [('money', (3.5,), {}, '3.50 EUR'), ('money', (1234.567, 'USD'), {}, '1234.57 USD'), ('money', (0,), {}, '0.00 EUR'), ('line_item', ('Tea', 2, 1.5), {}, 'Tea                    2 x   1.50 EUR =     3.00 EUR'), ('line_item', ('A very long product name here', 120, 9.99, 'GBP'), {}, 'A very long product name here 120 x   9.99 GBP =  1198.80 GBP'), ('header', (42, 'ACME'), {}, 'Invoice #00042 for ACME'), ('header', (123456, 'Zed'), {}, 'Invoice #123456 for Zed'), ('footer', (1039.9,), {}, '----------------------------------------------------\nTOTAL                                    1039.90 EUR'), ('footer', (5, 'CHF'), {}, '----------------------------------------------------\nTOTAL                                       5.00 CHF')]

HIDDEN = r'''
import json, sys
from invoicer import fmt
cases = json.loads(sys.argv[1])
for name, args, kwargs, want in cases:
    got = getattr(fmt, name)(*args, **kwargs)
    assert got == want, "%s%r = %r, want %r" % (name, tuple(args), got, want)
from invoicer.render import render, SAMPLE_LINES
assert render(7, "X", SAMPLE_LINES).startswith("Invoice #00007 for X")
print("OK")
'''


def _check(root, original, summary):
    src = _read(root, "invoicer/fmt.py")
    if src is None:
        return False, "invoicer/fmt.py is missing"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "invoicer/fmt.py does not parse: %s" % exc
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) \
                and isinstance(node.left, (ast.Constant, ast.JoinedStr)) and isinstance(getattr(node.left, "value", ""), str):
            return False, "%%-formatting still used on line %d" % node.lineno
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
                and isinstance(node.func.value, ast.Constant):
            return False, "str.format used on line %d; the task asks for f-strings" % node.lineno
    fstrings = sum(1 for n in ast.walk(tree) if isinstance(n, ast.JoinedStr))
    if fstrings < 4:
        return False, "expected f-strings in all four functions, found %d" % fstrings
    rc, out, err = _run(root, ["-c", HIDDEN, json.dumps(CASES)])
    if rc != 0:
        return False, "output changed: " + (out + err)[-1200:]
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "f-strings, identical output"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
