# Check for a held-out benchmark task (tasks-heldout16). Standard library only.
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


def _materialise(original, dest):
    """Write the starting files into folder `dest` (a pathlib.Path); True if any."""
    files = _orig_files(original)
    for rel, data in files.items():
        p = Path(dest) / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return bool(files)


def _identifiers(src):
    """Every name, attribute, def/class name, import name and string constant in
    a Python source, as a set of strings (None if it does not parse)."""
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return None
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.alias):
            out.add(n.name)
            if n.asname:
                out.add(n.asname)
        elif isinstance(n, ast.ImportFrom) and n.module:
            out.add(n.module)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            out.add(n.value)
        elif isinstance(n, ast.keyword) and n.arg:
            out.add(n.arg)
    return out


# ---- task-specific part -------------------------------------------------
import tempfile

CSV = """handler,dog,class,outrun,lift,fetch,drive,shed,pen,retired
Ann Price,Moss,open,18,9,17,26,8,9,no
Tom Reed,Cap,open,19,9,18,25,8,9,no
Cat Jones,Nell,novice,15,8,15,20,6,8,no
Tom Reeder,Spot,open,17,8,16,27,9,10,no
Ann Price,Tess,open,12,6,14,20,5,6,no
Tom Reed,Nip,open,9,4,8,0,0,0,yes
Bob Hill,Fly,open,15,8,16,28,9,10,no
Tom Reed,Sweep,novice,16,7,15,22,6,8,no
Dan Ross,Glen,novice,14,7,14,20,6,7,no
"""
DOGS = {"Moss": "Ann Price", "Cap": "Tom Reed", "Nell": "Cat Jones", "Spot": "Tom Reeder",
        "Tess": "Ann Price", "Nip": "Tom Reed", "Fly": "Bob Hill", "Sweep": "Tom Reed", "Glen": "Dan Ross"}
RUN_LINE = re.compile(r"^\s*(\d+|RT)\.\s")


def _cli(folder, args):
    return _run(folder, ["-m", "crookrun.cli"] + list(args))


def _run_lines(text):
    return [l.rstrip() for l in text.splitlines() if RUN_LINE.match(l)]


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if _top_defs(_read(root, "crookrun/cli.py")) is None:
        return False, "crookrun/cli.py is missing or does not parse"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        before = tmp / "before"
        if not _materialise(original, before):
            return False, "starting files not available"
        csv_path = str(tmp / "trial.csv")
        Path(csv_path).write_text(CSV, encoding="utf-8")
        full = {}
        for args in (["results"], ["results", "--class", "novice"], ["dogs"]):
            rc0, want, err0 = _cli(before, args + ["--file", csv_path])
            rc, got, err = _cli(root, args + ["--file", csv_path])
            if rc != 0 or got != want:
                return False, "output of %s without --handler changed (exit %d):\n%s\nexpected:\n%s%s" % (
                    " ".join(args), rc, got, want, err[-600:])
            full[tuple(args)] = _run_lines(want)
        cases = [([], "ann price"), ([], "TOM REED"), ([], "Tom Reeder"), (["--class", "novice"], "tom reed"),
                 (["--class", "novice"], "Cat Jones"), ([], "  Bob Hill ".strip())]
        for extra, name in cases:
            cls = tuple(["results"] + extra)
            want = [l for l in full[cls] if DOGS[l.split()[-2]].lower() == name.lower()]
            argv = ["results", "--file", csv_path] + extra + ["--handler", name]
            rc, out, err = _cli(root, argv)
            if rc != 0:
                return False, "%s exited %d: %s" % (" ".join(argv[0:1] + argv[3:]), rc, (out + err)[-600:])
            got = _run_lines(out)
            if got != want:
                return False, "results %s --handler %r printed runs\n%s\nexpected (placings as in the full results)\n%s" % (
                    " ".join(extra), name, "\n".join(got), "\n".join(want))
            others = [d for d, h in DOGS.items() if h.lower() != name.lower()]
            for line in out.splitlines():
                if not RUN_LINE.match(line) and any(re.search(r"\b%s\b" % d, line) for d in others):
                    return False, "results --handler %r also shows another handler's dog: %r" % (name, line)
        for extra, name in (([], "Nobody Here"), ([], "Tom")):
            argv = ["results", "--file", csv_path] + extra + ["--handler", name]
            rc, out, err = _cli(root, argv)
            if rc != 2 or not err.strip() or "Traceback" in err:
                return False, "results --handler %r (no runs) should fail with a usage error, exit 2; got exit %d, stderr %r" % (
                    name, rc, err[-400:])
            if _run_lines(out):
                return False, "results --handler %r (no runs) still printed runs: %r" % (name, out)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 4:
        return False, "fewer tests ran than before: " + out
    return True, "--handler keeps full-result placings, matches case-insensitively, and rejects unknown handlers"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
