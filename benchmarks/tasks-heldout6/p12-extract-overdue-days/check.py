# Check for a held-out benchmark task (tasks-heldout6). Standard library only.
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
HIDDEN = r'''
from datetime import date, timedelta
from libloan.dates import overdue_days as a
from libloan.loans import overdue_days as b
from libloan import overdue_days as c
import libloan
assert a is b is c, "the three import paths give different functions"
assert "overdue_days" in getattr(libloan, "__all__", ["overdue_days"])
cases = [
    ((date(2024, 5, 10), date(2024, 5, 10)), 0),
    ((date(2024, 5, 10), date(2024, 5, 3)), 0),
    ((date(2024, 5, 10), date(2024, 5, 15)), 5),
    ((date(2024, 5, 10), date(2024, 5, 15), 0, (6,)), 4),
    ((date(2024, 5, 10), date(2024, 5, 15), 2, (6,)), 2),
    ((date(2024, 5, 10), date(2024, 5, 12), 5, ()), 0),
    ((date(2024, 2, 27), date(2024, 3, 2), 0, (5, 6)), 3),
    ((date(2023, 12, 30), date(2024, 1, 9), 1, (6,)), 7),
]
for args, want in cases:
    got = a(*args)
    assert got == want, "overdue_days%r = %r, want %r" % (args, got, want)
assert a(date(2024, 5, 10), date(2024, 5, 20), grace_days=3, closed_weekdays=(6,)) == 5
from libloan import Loan, fine_for, overdue_report
loans = [Loan("A", "book", date(2024, 4, 1)), Loan("B", "dvd", date(2024, 5, 20)),
         Loan("C", "magazine", date(2024, 5, 1)), Loan("D", "book", date(2024, 5, 30))]
got = overdue_report(loans, date(2024, 6, 1))
want = ["A: 33 days, fine 9.90", "C: 13 days, fine 3.90", "B: 3 days, fine 3.00"]
assert got == want, got
assert fine_for(Loan("E", "dvd", date(2024, 1, 1)), date(2024, 3, 1)) == 10.0
assert Loan("F", "book", date(2024, 5, 2)).days_overdue(date(2024, 6, 1)) == 6
print("OK")
'''

IMPORT_ORDERS = [
    "import libloan.dates",
    "import libloan.fines",
    "import libloan.report",
    "import libloan.loans",
]


def _imports_from_loans(src):
    """True when the source takes overdue_days from the loans module."""
    tree = ast.parse(src)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "loans":
            if any(al.name in ("overdue_days", "*") for al in node.names):
                return True
        if isinstance(node, ast.Attribute) and node.attr == "overdue_days" \
                and isinstance(node.value, ast.Name) and node.value.id == "loans":
            return True
    return False


def _check(root, original, summary):
    dates = _read(root, "libloan/dates.py")
    if dates is None:
        return False, "libloan/dates.py does not exist"
    defs = _top_defs(dates)
    if defs is None or "overdue_days" not in defs:
        return False, "libloan/dates.py does not define overdue_days"
    loans = _read(root, "libloan/loans.py")
    if loans is None:
        return False, "libloan/loans.py is missing"
    defs = _top_defs(loans)
    if defs is None:
        return False, "libloan/loans.py does not parse"
    if "overdue_days" in defs:
        return False, "overdue_days is still defined in libloan/loans.py"
    for rel in ("libloan/fines.py", "libloan/report.py"):
        src = _read(root, rel)
        if src is None:
            return False, rel + " is missing"
        try:
            if _imports_from_loans(src):
                return False, rel + " still imports overdue_days from libloan.loans"
        except SyntaxError:
            return False, rel + " does not parse"
    for stmt in IMPORT_ORDERS:
        ok, out = _py(root, stmt)
        if not ok:
            return False, "%r fails (circular import?): %s" % (stmt, out)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "behaviour or imports changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "overdue_days lives in libloan/dates.py; old imports work; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
