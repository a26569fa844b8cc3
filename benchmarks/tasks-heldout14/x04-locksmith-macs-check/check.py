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
HIDDEN = r'''
import re
from keycut.bitting import validate_code
from keycut.ticket import job_ticket

for code, blank, cuts in [("35624", "KW1", [3, 5, 6, 2, 4]), ("15151", "KW1", [1, 5, 1, 5, 1]),
                          ("81234", "SC1", [8, 1, 2, 3, 4]), ("182999", "SC4", [1, 8, 2, 9, 9, 9]),
                          ("2738", "M1", [2, 7, 3, 8]), ("77777", "kw1", [7, 7, 7, 7, 7])]:
    got = validate_code(code, blank)
    assert got == cuts, "validate_code(%r, %r) = %r, expected %r" % (code, blank, got, cuts)
for code, blank, positions in [("17111", "KW1", (1, 2)), ("11162", "KW1", (3, 4)),
                               ("119222", "SC4", (2, 3)), ("91234", "SC1", (1, 2)),
                               ("2282", "M1", (2, 3)), ("11119", "SC1", (4, 5))]:
    try:
        validate_code(code, blank)
    except ValueError as exc:
        msg = str(exc)
        for p in positions:
            assert re.search(r"\b%d\b" % p, msg), \
                "validate_code(%r, %r): the message %r does not name positions %d and %d" % (
                    code, blank, msg, positions[0], positions[1])
    else:
        raise AssertionError("validate_code(%r, %r) should raise ValueError (MACS)" % (code, blank))
for code, blank in [("35a24", "KW1"), ("3562", "KW1"), ("35824", "KW1"), ("35624", "XX9")]:
    try:
        validate_code(code, blank)
    except ValueError:
        pass
    else:
        raise AssertionError("validate_code(%r, %r) no longer raises ValueError" % (code, blank))
try:
    job_ticket("17111", "KW1")
except ValueError:
    pass
else:
    raise AssertionError("job_ticket accepts 17111 on a KW1")
assert job_ticket("2738", "M1")[0] == "Blank M1 x1"
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if _top_defs(_read(root, "keycut/bitting.py")) is None:
        return False, "keycut/bitting.py is missing or does not parse"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "MACS is not checked as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "codes breaking the MACS raise ValueError naming both positions; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
