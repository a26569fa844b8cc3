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
import os, tempfile
from decimal import Decimal
from ledgerlite.parse import parse_amount
cases = [
    ("1,234.50", "1234.50"), ("(2,000.00)", "-2000.00"), ("$1,234.50", "1234.50"),
    ("-1,000", "-1000"), ("12,345,678.90", "12345678.90"), ("1,500.00 DR", "-1500.00"),
    ("3,210.00 CR", "3210.00"), (" 2,000.01 ", "2000.01"), ("12.50", "12.50"),
    ("-3.99", "-3.99"), ("(12.50)", "-12.50"), ("40.00 DR", "-40.00"), ("$7.00", "7.00"),
    ("999.99", "999.99"),
]
for text, want in cases:
    got = parse_amount(text)
    assert isinstance(got, Decimal) and got == Decimal(want), "parse_amount(%r) = %r, want %s" % (text, got, want)
from ledgerlite.importer import read_statement, totals
csv_text = ('Date,Description,Amount\n'
            '02/01/2026,Salary,"4,250.00"\n'
            '03/01/2026,Rent,"(1,950.00)"\n'
            '04/01/2026,Laptop,"-1,299.99"\n'
            '05/01/2026,Coffee,-3.20\n'
            '06/01/2026,Refund,"1,000.00 CR"\n')
fd, path = tempfile.mkstemp(suffix=".csv")
with os.fdopen(fd, "w", newline="") as fh:
    fh.write(csv_text)
txns = read_statement(path)
assert [t.amount for t in txns] == [Decimal("4250.00"), Decimal("-1950.00"), Decimal("-1299.99"), Decimal("-3.20"), Decimal("1000.00")], txns
mi, mo, net = totals(txns)
assert (mi, mo, net) == (Decimal("5250.00"), Decimal("3253.19"), Decimal("1996.81")), (mi, mo, net)
import subprocess, sys
p = subprocess.run([sys.executable, "-m", "ledgerlite.cli", path], capture_output=True, text=True, timeout=15)
os.remove(path)
assert p.returncode == 0, p.stderr
assert "1996.81" in p.stdout and "transactions: 5" in p.stdout, p.stdout
print("OK")
'''


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "amounts with thousands separators still mis-handled: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "amounts like 1,234.50 import correctly; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
