# Check for a held-out benchmark task (tasks-heldout14). Standard library only.
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
PACKAGE = "fancydress/"

HIDDEN = r'''
import re
from fancydress.costumes import STOCK
from fancydress.fees import late_fee
from fancydress.notices import reminder
from fancydress.returns import return_slip, settle

G, P, V, D = STOCK["GOR1"], STOCK["PIR2"], STOCK["VIC1"], STOCK["DIN3"]
for costume, days, want in [(G, 0, 0), (G, 3, 1200), (G, 7, 2800), (G, 8, 3000), (G, 40, 3000),
                            (P, 12, 2000), (P, 5, 1250), (D, 10, 2500), (V, 2, 1200), (V, 9, 5000)]:
    got = late_fee(costume, days)
    assert got == want, "late_fee(%s, %d) = %r, expected %r" % (costume.code, days, got, want)
try:
    late_fee(P, -1)
except ValueError:
    pass
else:
    raise AssertionError("late_fee(PIR2, -1) no longer raises ValueError")
for costume, days, amount, capped in [(D, 10, "25.00", True), (G, 40, "30.00", True), (G, 3, "12.00", False),
                                      (P, 1, "2.50", False), (V, 9, "50.00", True), (D, 1, "3.50", False)]:
    text = reminder("Ali", costume, days)
    assert "Late fee so far: %s" % amount in text, "reminder(%s, %d) = %r; expected the fee %s" % (costume.code, days, text, amount)
    if capped:
        assert re.search(r"%s\s*\(capped at deposit\)" % re.escape(amount), text), \
            "reminder(%s, %d) = %r; expected '(capped at deposit)' after the fee" % (costume.code, days, text)
    else:
        assert "capped" not in text.lower(), "reminder(%s, %d) = %r says capped" % (costume.code, days, text)
for costume, days, want in [(P, 10, (0, 0)), (G, 40, (0, 0)), (V, 2, (3800, 0)), (V, 0, (5000, 0)), (D, 6, (400, 0))]:
    got = tuple(settle(costume, days))
    assert got == want, "settle(%s, %d) = %r, expected %r" % (costume.code, days, got, want)
slip = return_slip(P, 10)
assert slip[:2] == ["Pirate captain returned, 10 day(s) late", "Deposit refunded: 0.00"], slip
assert not any(re.search(r"[1-9]", line) for line in slip[2:]), "the slip still asks for more money: %r" % (slip,)
print("OK")
'''


def _tests_against_original(root, original):
    """Run the end state's tests on the starting package code; (ok, output)."""
    import shutil
    import tempfile
    tmp = tempfile.mkdtemp()
    try:
        copy = Path(tmp) / "repo"
        shutil.copytree(str(root), str(copy), ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for rel, data in _orig_files(original).items():
            if rel.startswith(PACKAGE):
                (copy / rel).parent.mkdir(parents=True, exist_ok=True)
                (copy / rel).write_bytes(data)
        return _unittest(copy)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "late fees are not capped at the deposit everywhere: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 9:
        return False, "fewer tests ran than before: " + out
    ok, out = _tests_against_original(root, original)
    if ok:
        return False, "the tests were not updated: they still pass on the uncapped code"
    return True, "late fees capped at the deposit in fees, reminders and returns; tests updated and passing"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
