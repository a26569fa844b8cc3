# Check for a held-out benchmark task (tasks-heldout15). Standard library only.
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
OLD, NEW = "nxt_sweep", "next_sweep_date"

HIDDEN = r'''
from datetime import date
import sootbook.schedule as schedule
from sootbook.customers import load_customers
from sootbook.reminders import call_list, due_within
from sootbook.schedule import next_sweep_date, overdue

assert not hasattr(schedule, "nxt_sweep"), "sootbook.schedule still has nxt_sweep"
for last, fuel, want in [(date(2024, 10, 3), "wood", date(2025, 4, 3)), (date(2024, 8, 31), "coal", date(2025, 2, 28)),
                         (date(2023, 8, 31), "wood", date(2024, 2, 29)), (date(2024, 12, 15), "gas", date(2025, 12, 15)),
                         (date(2024, 7, 1), "oil", date(2025, 7, 1))]:
    got = next_sweep_date(last, fuel)
    assert got == want, "next_sweep_date(%r, %r) = %r, expected %r" % (last, fuel, got, want)
try:
    next_sweep_date(date(2024, 1, 1), "peat")
except ValueError:
    pass
else:
    raise AssertionError("next_sweep_date(..., 'peat') should raise ValueError")
assert overdue(date(2024, 3, 31), "gas", date(2025, 4, 1))
customers = load_customers()
assert [c.name for c in due_within(customers, date(2025, 3, 25))] == ["The Old Rectory", "Flat 2 Mill House", "Mrs Pennock"]
assert call_list(customers, date(2025, 7, 10), days=10)[-1] == "B. Nakamura  01632 960803  due 15 Jul 2025", \
    call_list(customers, date(2025, 7, 10), days=10)
print("OK")
'''


def _old_name_uses(root):
    hits = []
    for rel, text in sorted(_text_files(root, (".py",)).items()):
        try:
            tree = ast.parse(text)
        except SyntaxError:
            hits.append(rel + " (does not parse)")
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Name) and node.id == OLD) or \
               (isinstance(node, ast.Attribute) and node.attr == OLD) or \
               (isinstance(node, ast.alias) and OLD in (node.name, node.asname)) or \
               (isinstance(node, ast.keyword) and node.arg == OLD) or \
               (isinstance(node, ast.arg) and node.arg == OLD) or \
               (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == OLD) or \
               (isinstance(node, ast.Constant) and node.value == OLD):
                hits.append("%s line %s" % (rel, getattr(node, "lineno", "?")))
                break
    return hits


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    hits = _old_name_uses(root)
    if hits:
        return False, "the old name %s is still used: %s" % (OLD, ", ".join(hits))
    if "def %s(" % NEW not in (_read(root, "sootbook/schedule.py") or ""):
        return False, "sootbook/schedule.py does not define %s" % NEW
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "next_sweep_date does not work as nxt_sweep did: " + out
    for rel in ("sootbook/reminders.py", "tests/test_schedule.py", "tests/test_reminders.py"):
        if not re.search(r"\b%s\b" % NEW, _read(root, rel) or ""):
            return False, "%s does not use the new name %s" % (rel, NEW)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "nxt_sweep renamed to next_sweep_date in the package and tests, no alias left; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
