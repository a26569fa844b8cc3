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
ROWS = [
    "2024-03-16  pike       4.20 kg  Mill Pond",
    "2024-04-02  perch      0.45 kg  Mill Pond",
    "2024-05-11  carp       6.80 kg  Long Lake",
    "2024-06-01  tench      2.10 kg  Long Lake",
    "2024-06-01  carp       8.35 kg  Long Lake",
    "2024-06-22  perch      0.60 kg  River Wey",
    "2024-07-14  pike       5.05 kg  River Wey",
    "2024-08-03  bream      1.90 kg  Long Lake",
]

RUNS = [
    (["list"], ROWS),
    (["list", "--since", "2024-06-01"], ROWS[3:]),
    (["list", "--since", "2024-06-02"], ROWS[5:]),
    (["list", "--since", "2024-05-31"], ROWS[3:]),
    (["list", "--since", "2024-03-16"], ROWS),
    (["list", "--since", "2025-01-01"], []),
    (["list", "--since", "2024-06-01", "--species", "carp"], [ROWS[4]]),
    (["list", "--species", "perch", "--since", "2024-01-01"], [ROWS[1], ROWS[5]]),
    (["--file", "data/catches.csv", "list", "--since", "2024-07-14"], ROWS[6:]),
    (["best", "perch"], [ROWS[5]]),
]

BAD = (["list", "--since", "2024-02-30"], ["list", "--since", "yesterday"],
       ["list", "--since", "01/06/2024"], ["list", "--since"])


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    rc, out, err = _run(root, ["-m", "catchlog", "list", "--help"])
    if rc != 0 or "--since" not in out:
        return False, "catchlog list --help does not show --since: " + (out + err)[-600:]
    for args, want in RUNS:
        rc, out, err = _run(root, ["-m", "catchlog"] + args)
        got = [x.rstrip() for x in out.splitlines() if x.strip()]
        if rc != 0 or got != want:
            return False, "catchlog %s: exit %d, printed %r, expected %r %s" % (
                " ".join(args), rc, got, want, err[-300:])
    for args in BAD:
        rc, out, err = _run(root, ["-m", "catchlog"] + args)
        if rc != 2 or "usage" not in err.lower() or "Traceback" in err:
            return False, "catchlog %s should be an argparse usage error (exit 2); got exit %d: %r" % (
                " ".join(args), rc, (out + err)[-300:])
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "list --since keeps catches from that day on and rejects bad dates with a usage error; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
