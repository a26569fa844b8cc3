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
from datetime import datetime
from cronhelp.fields import parse_field
from cronhelp import CronSchedule
cases = [
    ("0-30/10", "minute", [0, 10, 20, 30]),
    ("9-17/4", "hour", [9, 13, 17]),
    ("10-20/5", "minute", [10, 15, 20]),
    ("1/2", "hour", list(range(1, 24, 2))),
    ("1-31/10", "day", [1, 11, 21, 31]),
    ("0-6/3", "weekday", [0, 3, 6]),
    ("1-12/11", "month", [1, 12]),
    ("5/20", "minute", [5, 25, 45]),
    ("*/15", "minute", [0, 15, 30, 45]),
    ("*/7", "weekday", [0]),
    ("1-5", "weekday", [1, 2, 3, 4, 5]),
    ("0-10/5,30", "minute", [0, 5, 10, 30]),
    ("22-23/1", "hour", [22, 23]),
    ("7", "day", [7]),
]
for text, name, want in cases:
    got = parse_field(text, name)
    assert list(got) == want, "parse_field(%r, %r) = %r, want %r" % (text, name, got, want)
for bad in ("5-2", "60", "0-30/0", "x"):
    try:
        parse_field(bad, "minute")
    except ValueError:
        pass
    else:
        raise AssertionError("parse_field(%r) no longer raises ValueError" % bad)
s = CronSchedule("0-30/15 * * * *")
assert s.next_after(datetime(2024, 5, 6, 10, 20)) == datetime(2024, 5, 6, 10, 30)
s = CronSchedule("0 9-17/4 * * *")
assert s.next_after(datetime(2024, 5, 6, 13, 30)) == datetime(2024, 5, 6, 17, 0)
print("OK")
'''


def _method_dump(src, cls, meth):
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == meth:
                    return ast.dump(item)
    return None


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "stepped ranges still wrong: " + out
    before = _method_dump(_orig(original, "tests/test_fields.py"), "FieldTests", "test_stepped_range")
    after = _method_dump(_read(root, "tests/test_fields.py"), "FieldTests", "test_stepped_range")
    if before is None:
        return False, "could not read the original tests/test_fields.py"
    if after != before:
        return False, "test_stepped_range was changed or removed"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 12:
        return False, "fewer tests ran than before: " + out
    return True, "stepped cron ranges include their end; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
