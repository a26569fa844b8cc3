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
PARSER = r'''
import contextlib, io
from trailbook.cli import build_parser

parser = build_parser()
ns = parser.parse_args(["data/hikes.csv"])
assert ns.units == "km", "--units defaults to %r, expected 'km'" % (ns.units,)
for value in ("km", "mi"):
    ns = parser.parse_args(["data/hikes.csv", "--units", value])
    assert ns.units == value, "--units %s parsed as %r" % (value, ns.units)
ns = parser.parse_args(["--units", "mi", "data/hikes.csv", "--year", "2024"])
assert (ns.units, ns.year, ns.file) == ("mi", 2024, "data/hikes.csv"), ns
for argv in (["data/hikes.csv", "--units", "furlongs"], ["data/hikes.csv", "--units", "miles"],
             ["data/hikes.csv", "--units", "kilometres"], ["data/hikes.csv", "--units"]):
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

RUNS = [
    (["data/hikes.csv"], r"6 hikes, 85\.9 km, 4590 m climbed; longest: Helvellyn loop \(19\.2 km\)"),
    (["data/hikes.csv", "--units", "km", "--year", "2024"],
     r"5 hikes, 71\.4 km, 3980 m climbed; longest: Helvellyn loop \(19\.2 km\)"),
    (["data/hikes.csv", "--units", "mi", "--year", "2024"],
     r"5 hikes, 44\.4 mi, 13,?05[78] ft climbed; longest: Helvellyn loop \(11\.9 mi\)"),
    (["data/hikes.csv", "--units", "mi"],
     r"6 hikes, 53\.4 mi, 15,?05[89] ft climbed; longest: Helvellyn loop \(11\.9 mi\)"),
    (["data/hikes.csv", "--year", "2023", "--units", "mi"],
     r"1 hike, 9\.0 mi, 2,?00[01] ft climbed; longest: Kinder Scout \(9\.0 mi\)"),
    (["data/hikes.csv", "--year", "2001", "--units", "mi"], r"no hikes"),
]


def _cli(root, args):
    return _run(root, ["-m", "trailbook"] + list(args))


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    rc, out, err = _cli(root, ["--help"])
    if rc != 0 or "--units" not in out:
        return False, "trailbook --help does not list --units: " + (out + err)[-600:]
    ok, out = _py(root, PARSER)
    if not ok:
        return False, "the parser does not handle --units as asked: " + out
    for args, want in RUNS:
        rc, out, err = _cli(root, args)
        if rc != 0 or not re.fullmatch(want + r"\s*", out):
            return False, "trailbook %s printed %r (exit %d), expected %r" % (
                " ".join(args), (out + err)[-400:], rc, want.replace("\\", ""))
    rc, out, err = _cli(root, ["data/hikes.csv", "--units", "furlongs"])
    if rc != 2 or "error" not in err.lower() or "hike" in out:
        return False, ("--units furlongs should be an argparse usage error (exit 2, message on "
                       "stderr); got exit %d, stdout %r, stderr %r" % (rc, out[-200:], err[-300:]))
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "trailbook --units km|mi works through argparse, miles and feet shown; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
