# Check for a held-out benchmark task (tasks-heldout11). Standard library only.
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
from brewlog.cli import build_parser

parser = build_parser()
ns = parser.parse_args(["abv", "--og", "1.060", "--fg", "1.012"])
for argv in (["abv", "--og", "1.060"], ["abv", "--fg", "1.012"], ["abv", "--og", "1.060", "--fg", "syrup"]):
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

ABV_CASES = [("1.060", "1.012", "6.3"), ("1.045", "1.010", "4.6"), ("1.080", "1.016", "8.4"),
             ("1.040", "1.008", "4.2"), ("1.100", "1.020", "10.5")]


def _cli(root, args):
    return _run(root, ["-m", "brewlog"] + list(args))


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    rc, out, err = _cli(root, ["--help"])
    if rc != 0 or not re.search(r"\babv\b", out):
        return False, "brewlog --help does not list an abv command: " + (out + err)[-600:]
    ok, out = _py(root, PARSER)
    if not ok:
        return False, "the parser does not handle abv as asked: " + out
    for og, fg, want in ABV_CASES:
        rc, out, err = _cli(root, ["abv", "--og", og, "--fg", fg])
        if rc != 0:
            return False, "brewlog abv --og %s --fg %s failed: %s" % (og, fg, (out + err)[-600:])
        if not re.search(r"ABV\W{0,3}%s\s?%%" % re.escape(want), out):
            return False, "brewlog abv --og %s --fg %s printed %r, expected ABV %s%%" % (og, fg, out, want)
    rc, out, err = _cli(root, ["abv", "--og", "1.010", "--fg", "1.050"])
    if rc != 2 or "error" not in err.lower() or "ABV" in out:
        return False, ("FG above OG should be an argparse usage error (exit 2, message on "
                       "stderr); got exit %d, stdout %r, stderr %r" % (rc, out[-200:], err[-300:]))
    for args, want in ((["attenuation", "--og", "1.050", "--fg", "1.010"], "Apparent attenuation: 80.0%\n"),
                       (["plato", "1.048"], "11.9 P\n"),
                       (["scale", "450", "--from", "20", "--to", "23"], "518 g\n")):
        rc, out, err = _cli(root, args)
        if rc != 0 or out != want:
            return False, "brewlog %s changed: %r %r" % (" ".join(args), out, err[-300:])
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    return True, "brewlog abv prints the ABV and rejects FG above OG via argparse; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
