# Check for a held-out benchmark task (tasks-heldout6). Standard library only.
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


# ---- task-specific part -------------------------------------------------
CSV = """day,shop,clerk,total
1,harbour,kim,40.00
1,old town,lee,12.50
2,station,kim,99.99
2,harbour,max,10.00
3,mall,lee,70.25
3,airport,max,5.00
4,station,kim,
4,mall,kim,1.00
5,riverside,lee,60.00
"""
# group by shop, sum total: station 99.99, mall 71.25, riverside 60, harbour 50, old town 12.5, airport 5
FULL = [["station", "99.99"], ["mall", "71.25"], ["riverside", "60.00"],
        ["harbour", "50.00"], ["old", "town", "12.50"], ["airport", "5.00"]]


def _lines(out):
    return [l.split() for l in out.splitlines() if l.strip()]


def _check(root, original, summary):
    tmp = tempfile.mkdtemp(prefix="p05-")
    try:
        return _check_in(root, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _check_in(root, tmp):
    data = os.path.join(tmp, "shops.csv")
    with open(data, "w", encoding="utf-8") as fh:
        fh.write(CSV)
    base = ["-m", "csvreport.cli", data, "--group-by", "shop", "--sum", "total"]
    rc, out, err = _run(root, base)
    if rc != 0 or _lines(out) != FULL:
        return False, "output without --top changed: rc=%s %s" % (rc, (out + err).strip()[-800:])
    for n in (1, 3, 5, 6, 10):
        rc, out, err = _run(root, base + ["--top", str(n)])
        if rc != 0:
            return False, "--top %d fails: %s" % (n, (out + err).strip()[-800:])
        if _lines(out) != FULL[:n]:
            return False, "--top %d printed %r, want %r" % (n, _lines(out), FULL[:n])
    rc, out, err = _run(root, base + ["--top=2"])
    if rc != 0 or _lines(out) != FULL[:2]:
        return False, "--top=2 printed %r" % ((out + err).strip()[-800:],)
    rc, out, err = _run(root, base + ["--format", "csv", "--top", "2"])
    want = ["shop,total", "station,99.99", "mall,71.25"]
    if rc != 0 or [l.strip() for l in out.splitlines() if l.strip()] != want:
        return False, "--format csv --top 2 printed %r, want %r" % ((out + err).strip()[-800:], want)
    rc, out, err = _run(root, base + ["--top", "lots"])
    if rc == 0:
        return False, "--top accepts a non-number"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 4:
        return False, "fewer tests ran than before: " + out
    return True, "--top N limits the groups printed; default unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
