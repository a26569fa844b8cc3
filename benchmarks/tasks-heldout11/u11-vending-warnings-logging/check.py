# Check for a held-out benchmark task (tasks-heldout11). Standard library only.
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
HIDDEN = r'''
import contextlib, io, logging

records = []


class Grab(logging.Handler):
    def emit(self, record):
        records.append(record)


root = logging.getLogger()
root.addHandler(Grab(logging.DEBUG))
root.setLevel(logging.DEBUG)

from vendfleet.restock import restock_list, too_warm
from vendfleet.telemetry import Reading, parse_reading


def run(fn, *args):
    del records[:]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn(*args)
    assert out.getvalue() == "", "%s printed to stdout: %r" % (fn.__name__, out.getvalue())
    return result, [r.getMessage() for r in records if r.levelno == logging.WARNING]


def expect(msgs, parts, what):
    for m in msgs:
        if all(p.lower() in m.lower() for p in parts):
            return
    raise AssertionError("no WARNING log record mentioning %r for %s; warnings: %r" % (parts, what, msgs))


got, msgs = run(parse_reading, "VM-07 b2 4 4.0")
assert got is None, got
expect(msgs, ["VM-07 b2 4 4.0"], "a malformed line")
got, msgs = run(parse_reading, "VM-08, d3, lots, 4.0")
assert got is None, got
expect(msgs, ["VM-08", "d3"], "unreadable values")
got, msgs = run(parse_reading, "VM-01, a1, 2, 5.5")
assert got == Reading("VM-01", "A1", 2, 5.5) and not msgs, (got, msgs)
got, msgs = run(restock_list, [Reading("VM-09", "E1", 15, 4.0), Reading("VM-09", "E2", 1, 4.0)])
assert got == {"VM-09": {"E2": 11}}, got
expect(msgs, ["VM-09", "E1", "15"], "an impossible count")
got, msgs = run(restock_list, [Reading("VM-09", "E2", 1, 4.0)])
assert got == {"VM-09": {"E2": 11}} and not msgs, (got, msgs)
got, msgs = run(too_warm, [Reading("VM-04", "A1", 5, 9.5), Reading("VM-05", "A1", 5, 4.0),
                           Reading("VM-04", "A2", 5, 8.5)])
assert got == ["VM-04"], got
expect(msgs, ["VM-04"], "a warm machine")
assert not [m for m in msgs if "VM-05" in m], msgs
got, msgs = run(too_warm, [Reading("VM-05", "A1", 5, 4.0)])
assert got == [] and not msgs, (got, msgs)
print("OK")
'''

REPORT = "RESTOCK PLAN\n  VM-01: A1+10, B1+12\n  VM-02: A2+9\nCHECK COOLING: VM-02\n"


def _prints(src):
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return None
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name) and n.func.id == "print"]


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    for rel in ("vendfleet/telemetry.py", "vendfleet/restock.py"):
        lines = _prints(_read(root, rel))
        if lines is None:
            return False, "%s is missing or does not parse" % rel
        if lines:
            return False, "%s still calls print() on line(s) %s" % (rel, lines)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "warnings are not logged as asked: " + out
    rc, out, err = _run(root, ["-m", "vendfleet.report", "readings.csv"])
    if rc != 0 or out != REPORT:
        return False, "the report's stdout is not just the report: %r %r" % (out[-500:], err[-300:])
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "warnings go through logging at WARNING level; report stdout is clean; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
