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
import json
import shutil
import tempfile

SIGNUPS = """# karaoke night
mia | Dancing Queen | ABBA
raj | Wonderwall | Oasis
mia | Valerie

lou | Jolene | Dolly Parton
raj | Creep
"""
ROWS = [("mia", "Dancing Queen", "ABBA"), ("raj", "Wonderwall", "Oasis"),
        ("lou", "Jolene", "Dolly Parton"), ("mia", "Valerie", ""), ("raj", "Creep", "")]
TEXT = "".join("%2d. %-10s %s\n" % (n, s, "%s (%s)" % (t, a) if a else t)
               for n, (s, t, a) in enumerate(ROWS, 1))
JSON = json.dumps([{"position": n, "singer": s, "title": t, "artist": a}
                   for n, (s, t, a) in enumerate(ROWS, 1)], indent=2) + "\n"

HIDDEN = r'''
import karaoke
from karaoke import SongQueue, to_json, to_text
assert not hasattr(karaoke, "to_xml"), "karaoke.to_xml still exported"
assert "to_xml" not in getattr(karaoke, "__all__", []), karaoke.__all__
try:
    import karaoke.xml_export
except ImportError:
    pass
else:
    raise AssertionError("karaoke.xml_export still importable")
q = SongQueue()
q.add("a", "One", "X")
q.add("b", "Two")
assert to_text(q) == " 1. a          One (X)\n 2. b          Two", repr(to_text(q))
print("OK")
'''


def _cli(root, tmp):
    path = os.path.join(tmp, "signups.txt")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(SIGNUPS)
    for extra, want in (([], TEXT), (["--format", "text"], TEXT), (["--format", "json"], JSON)):
        rc, out, err = _run(root, ["-m", "karaoke.cli", path] + extra)
        if rc != 0 or out != want:
            return "output of %s changed: rc=%d %r %s" % (extra or "default", rc, out[:200], err[-300:])
    rc, out, err = _run(root, ["-m", "karaoke.cli", path, "--format", "xml"])
    if rc == 0:
        return "--format xml is still accepted"
    return None


def _check(root, original, summary):
    if (Path(root) / "karaoke" / "xml_export.py").exists():
        return False, "karaoke/xml_export.py still exists"
    left = []
    for rel, text in sorted(_text_files(root, (".py", ".md", ".txt", ".toml", ".cfg")).items()):
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(r"xml", line, re.I):
                left.append("%s:%d: %s" % (rel, n, line.strip()))
    if left:
        return False, "XML export still referenced: " + "; ".join(left[:5])
    tmp = tempfile.mkdtemp()
    try:
        problem = _cli(root, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if problem:
        return False, problem
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "package API wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than expected: " + out
    return True, "XML export removed everywhere; text and JSON output unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
