# Check for a held-out benchmark task (tasks-heldout10). Standard library only.
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
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


def _modified(root, original, rels):
    """Those of `rels` whose bytes differ from the starting state."""
    now = _snapshot(root)
    orig = _orig_files(original)
    return sorted(r for r in rels if now.get(r) != orig.get(r))


# ---- task-specific part -------------------------------------------------
LOANS = """loan,member,title,due
X05,M2,Epsilon,2026-03-18
X01,M1,Alpha,2026-02-20
X03,M1,Gamma,2026-03-10
X02,M2,Beta,2026-03-09
X07,M3,Eta,2027-03-10
X04,M3,Delta,2026-03-17
X06,M1,Zeta,2026-04-30
"""

CASES = [
    ([], ["X01", "X02", "X03", "X04", "X05", "X06", "X07"]),
    (["--due-within", "7"], ["X01", "X02", "X03", "X04"]),
    (["--due-within", "0"], ["X01", "X02", "X03"]),
    (["--due-within", "8"], ["X01", "X02", "X03", "X04", "X05"]),
    (["--due-within", "400"], ["X01", "X02", "X03", "X04", "X05", "X06", "X07"]),
    (["--due-within", "7", "--member", "M1"], ["X01", "X03"]),
    (["--member", "M3", "--due-within", "365"], ["X04", "X07"]),
    (["--due-within=51"], ["X01", "X02", "X03", "X04", "X05", "X06"]),
]


def _ids(out):
    return re.findall(r"\bX0\d\b", out)


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if _top_defs(_read(root, "shelfmark/cli.py")) is None:
        return False, "shelfmark/cli.py is missing or does not parse"
    tmp = tempfile.mkdtemp(prefix="shelfmark-check-")
    try:
        data = os.path.join(tmp, "loans.csv")
        with open(data, "w", encoding="utf-8") as fh:
            fh.write(LOANS)
        base = ["-m", "shelfmark", "loans", "--file", data, "--today", "2026-03-10"]
        for extra, want in CASES:
            rc, out, err = _run(root, base + extra)
            if rc != 0:
                return False, "loans %s failed: %s" % (" ".join(extra), (out + err)[-600:])
            got = _ids(out)
            if got != want:
                return False, "loans %s listed %s, expected %s" % (" ".join(extra) or "(no option)", got, want)
        rc, out, err = _run(root, base + ["--due-within", "soon"])
        if rc == 0:
            return False, "--due-within accepted a non-number"
        rc, out, err = _run(root, ["-m", "shelfmark", "loans", "--help"])
        if rc != 0 or "--due-within" not in out:
            return False, "loans --help does not show --due-within: " + (out + err)[-600:]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "loans --due-within keeps overdue and due-within-N loans, all loans without it; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
