# Check for a held-out benchmark task (tasks-heldout13). Standard library only.
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
PARSER = r'''
import contextlib, io
from plotkeeper.cli import build_parser

parser = build_parser()
ns = parser.parse_args(["rent"])
assert ns.command == "rent", ns
assert abs(float(ns.rate) - 0.5) < 1e-9, "--rate defaults to %r, expected 0.50" % (ns.rate,)
ns = parser.parse_args(["rent", "--rate", "0.4"])
assert abs(float(ns.rate) - 0.4) < 1e-9, "--rate 0.4 parsed as %r" % (ns.rate,)
ns = parser.parse_args(["--file", "x.csv", "rent", "--rate", "1.25"])
assert ns.file == "x.csv" and abs(float(ns.rate) - 1.25) < 1e-9, ns
ns = parser.parse_args(["holder", "Jones"])
assert ns.name == "Jones", ns
for argv in (["rent", "--rate", "abc"], ["rent", "--rate"], ["list", "--rate", "0.4"],
             ["holder", "Jones", "--rate", "0.4"]):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            parser.parse_args(argv)
        except SystemExit as exc:
            assert exc.code == 2, "parse_args(%r) exited with %r" % (argv, exc.code)
        else:
            raise AssertionError("the parser accepted %r" % (argv,))
print("OK")
'''

SIZES = [("A1", 120), ("A2", 250), ("B1", 75), ("B2", 200), ("C1", 90)]


def _numbers(line):
    nums = [float(x.replace(",", ".")) for x in re.findall(r"\d+(?:[.,]\d+)?", line)]
    return nums + [float(x) for x in re.findall(r"\d+(?:\.\d+)?", line.replace(",", ""))]


def _rent_ok(out, rate):
    lines = [x for x in out.splitlines() if x.strip()]
    for plot, size in SIZES:
        want = size * rate
        mine = [x for x in lines if re.search(r"(?<![A-Za-z0-9])%s(?![0-9])" % plot, x)]
        if not any(abs(n - want) < 0.006 for x in mine for n in _numbers(x)):
            return "no line shows plot %s with rent %.2f" % (plot, want)
    total = sum(s for _, s in SIZES) * rate
    tot = [x for x in lines if re.search(r"total", x, re.I)]
    if not any(abs(n - total) < 0.006 for x in tot for n in _numbers(x)):
        return "no total line with %.2f" % total
    if not re.search(r"total", lines[-1], re.I):
        return "the total line is not last"
    return None


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    rc, out, err = _run(root, ["-m", "plotkeeper", "rent", "--help"])
    if rc != 0 or "--rate" not in out:
        return False, "plotkeeper rent --help does not list --rate: " + (out + err)[-600:]
    ok, out = _py(root, PARSER)
    if not ok:
        return False, "the parser does not handle rent --rate as asked: " + out
    for args, rate in ((["rent"], 0.5), (["rent", "--rate", "0.40"], 0.4), (["rent", "--rate", "0.45"], 0.45),
                       (["--file", "data/plots.csv", "rent", "--rate", "2"], 2.0)):
        rc, out, err = _run(root, ["-m", "plotkeeper"] + args)
        problem = "exit %d" % rc if rc != 0 else _rent_ok(out, rate)
        if problem:
            return False, "plotkeeper %s: %s; printed %r" % (" ".join(args), problem, (out + err)[-500:])
    rc, out, err = _run(root, ["-m", "plotkeeper", "rent", "--rate", "lots"])
    if rc != 2 or "error" not in err.lower():
        return False, "rent --rate lots should be a usage error (exit 2); got exit %d, %r" % (rc, (out + err)[-300:])
    rc, out, err = _run(root, ["-m", "plotkeeper", "list"])
    if rc != 0 or "A1   Jones       120 m2" not in out:
        return False, "plotkeeper list no longer works: %r" % ((out + err)[-300:],)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "plotkeeper rent [--rate R] prints each plot's rent and the total; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
