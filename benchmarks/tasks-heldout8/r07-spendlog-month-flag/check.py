# Check for a held-out benchmark task (tasks-heldout8). Standard library only.
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
import tempfile

CSV = """date,category,amount,note
2025-02-14,gifts,30.00,flowers
2026-01-31,groceries,20.00,
2026-02-01,groceries,54.20,market
2026-02-05,transport,12,bus
2026-02-28,rent,800,
2026-03-01,rent,800,
2026-02-17,Groceries,10.05,corner shop
2026-12-02,gifts,15,
"""

FULL = ("gifts: 45.00\ngroceries: 84.25\nrent: 1600.00\ntransport: 12.00\n"
        "total: 1741.25\n")
MONTHS = {
    "2026-02": {"groceries": "64.25", "rent": "800.00", "transport": "12.00", "total": "876.25"},
    "2026-12": {"gifts": "15.00", "total": "15.00"},
    "2026-03": {"rent": "800.00", "total": "800.00"},
}


def _parse(out):
    got = {}
    for line in out.splitlines():
        m = re.match(r"^\s*([A-Za-z][\w ]*?)\s*:\s*\$?(\d+\.\d\d)\s*$", line)
        if m:
            got[m.group(1).lower()] = m.group(2)
    return got


def _check(root, original, summary):
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "expenses.csv")
        Path(path).write_text(CSV, encoding="utf-8")
        rc, out, err = _run(root, ["-m", "spendlog", "report", path])
        if rc != 0 or out != FULL:
            return False, "report without --month changed: rc=%s out=%r err=%s" % (rc, out, err[-300:])
        for month, want in MONTHS.items():
            for args in (["report", path, "--month", month], ["report", "--month=" + month, path]):
                rc, out, err = _run(root, ["-m", "spendlog"] + args)
                if rc != 0:
                    return False, "`%s` failed: %s" % (" ".join(args), (out + err)[-400:])
                got = _parse(out)
                for key, value in want.items():
                    if got.get(key) != value:
                        return False, "`%s` printed %r; expected %s: %s" % (
                            " ".join(args), out, key, value)
                extra = [k for k, v in got.items() if k not in want and v != "0.00"]
                if extra:
                    return False, "`%s` includes other months' spending: %r" % (" ".join(args), out)
        for bad in ("2026/02", "february", "02-2026", "2026-02-01"):
            rc, out, err = _run(root, ["-m", "spendlog", "report", path, "--month", bad])
            if rc == 0 or "total" in out:
                return False, "--month %r was accepted (rc=%s, out=%r)" % (bad, rc, out)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 4:
        return False, "fewer tests ran than before: " + out
    return True, "--month filters to that year and month, rejects malformed months; plain report unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
