# Check for a held-out benchmark task (tasks-heldout7). Standard library only.
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
import shutil
import tempfile

DOC = """1
00:00:01,000 --> 00:00:02,500
Hello.

2
00:01:00,250 --> 00:01:03,000
Two lines
of text.

3
01:00:59,900 --> 01:01:00,100
Bye.
"""

PLUS = """1
00:00:03,500 --> 00:00:05,000
Hello.

2
00:01:02,750 --> 00:01:05,500
Two lines
of text.

3
01:01:02,400 --> 01:01:02,600
Bye.
"""

MINUS = """1
00:00:00,000 --> 00:00:01,250
Hello.

2
00:00:59,000 --> 00:01:01,750
Two lines
of text.

3
01:00:58,650 --> 01:00:58,850
Bye.
"""


def _read_out(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except Exception as exc:
        return "<could not read %s: %r>" % (path, exc)


def _cli(root, tmp):
    src = os.path.join(tmp, "episode.srt")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(DOC)
    rc, out, err = _run(root, ["-m", "subshift", src, "2.5"])
    if rc != 0 or out != PLUS:
        return "without -o the shifted subtitles are not printed as before: rc=%d %r %s" % (
            rc, out[:200], err[-300:])
    runs = [
        (["-m", "subshift", src, "2.5", "-o", os.path.join(tmp, "a.srt")], "a.srt", PLUS),
        (["-m", "subshift", "--output", os.path.join(tmp, "b.srt"), src, "-1.25"], "b.srt", MINUS),
        (["-m", "subshift", "-o", os.path.join(tmp, "c.srt"), src, "2.5"], "c.srt", PLUS),
        (["-m", "subshift", src, "-1.25", "--output=" + os.path.join(tmp, "d.srt")], "d.srt", MINUS),
    ]
    for args, name, want in runs:
        rc, out, err = _run(root, args)
        if rc != 0:
            return "%s failed: rc=%d %s" % (" ".join(args[2:]), rc, (out + err)[-400:])
        if "-->" in out:
            return "with %s the subtitles are still printed to stdout" % (args[2:],)
        got = _read_out(os.path.join(tmp, name))
        if got.replace("\r\n", "\n").rstrip() != want.rstrip():
            return "with %s the output file holds %r" % (args[2:], got[:300])
    return None


def _check(root, original, summary):
    tmp = tempfile.mkdtemp()
    try:
        problem = _cli(root, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if problem:
        return False, problem
    readme = _read(root, "README.md") or ""
    if readme == (_orig(original, "README.md") or "") or not re.search(r"--output|(^|\s)-o\b", readme):
        return False, "README.md does not document -o/--output"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "-o/--output writes the file, stdout stays the default, README documents it"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
