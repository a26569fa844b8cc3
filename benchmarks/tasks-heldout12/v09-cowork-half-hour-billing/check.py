# Check for a held-out benchmark task (tasks-heldout12). Standard library only.
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
import re
from deskday.billing import billable_hours, charge
from deskday.invoice import invoice, invoice_line

for start, end, want in [("09:00", "10:40", 2), ("09:00", "10:10", 1.5), ("14:00", "14:30", 0.5),
                         ("14:00", "14:01", 0.5), ("09:00", "09:31", 1), ("09:00", "10:00", 1),
                         ("08:15", "17:50", 10), ("08:15", "17:40", 9.5)]:
    got = billable_hours(start, end)
    assert got == want, "billable_hours(%r, %r) = %r, expected %r" % (start, end, got, want)
for space, start, end, want in [("hot desk", "09:00", "10:10", 900), ("hot desk", "09:00", "10:40", 1200),
                                ("meeting room", "14:00", "14:30", 1200), ("fixed desk", "09:00", "09:20", 450),
                                ("fixed desk", "08:15", "17:50", 9000), ("meeting room", "10:00", "11:45", 4800)]:
    got = charge(space, start, end)
    assert got == want, "charge(%r, %r, %r) = %r, expected %r" % (space, start, end, got, want)
for bad in (("hot desk", "10:00", "09:00"), ("hot desk", "10:00", "10:00"), ("sofa", "09:00", "10:00")):
    try:
        charge(*bad)
    except ValueError:
        pass
    else:
        raise AssertionError("charge%r should raise ValueError" % (bad,))
for space, start, end, hours, money in [("hot desk", "09:00", "10:10", r"1\.5", "EUR 9.00"),
                                        ("meeting room", "14:00", "14:30", r"0?\.5", "EUR 12.00"),
                                        ("hot desk", "09:00", "10:40", r"2(\.0)?", "EUR 12.00"),
                                        ("fixed desk", "08:15", "17:40", r"9\.5", "EUR 85.50")]:
    line = invoice_line(space, start, end)
    assert re.search(r"(?<![\d.])%s ?h\b" % hours, line), "invoice line %r does not show %s h" % (line, hours.replace("\\", ""))
    assert money in line, "invoice line %r does not show %s" % (line, money)
    assert start in line and end in line, line
text = invoice("Ada", [("hot desk", "09:00", "10:10"), ("meeting room", "14:00", "14:30")])
assert "Total: EUR 21.00" in text, "invoice total wrong: %r" % (text,)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "bookings are not billed and shown per started half hour: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "billing per started half hour, invoice lines show 1.5 h; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
