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
MODULE = "groomroom/slots.py"
CONST = "SLOT_MINUTES"

AT_45 = r'''
from groomroom import slots
from groomroom.book import DayBook
assert slots.SLOT_MINUTES == 45, "SLOT_MINUTES = %r" % (slots.SLOT_MINUTES,)
starts = slots.slot_starts()
assert starts[:3] == [540, 585, 630] and starts[-1] == 990 and len(starts) == 11, starts
assert slots.day_capacity() == 11 and slots.appointment_length("medium") == 90
assert slots.slot_label(990) == "16:30-17:15 (45 min)", slots.slot_label(990)
assert DayBook().free_starts("giant")[-1] == 900
print("OK")
'''

AT_30 = r'''
from groomroom import slots
from groomroom.book import DayBook
assert slots.SLOT_MINUTES == 30, "SLOT_MINUTES = %r" % (slots.SLOT_MINUTES,)
starts = slots.slot_starts()
assert starts[:3] == [540, 570, 600] and starts[-1] == 1020 and len(starts) == 17, \
    "with SLOT_MINUTES = 30, slot_starts() = %r" % (starts,)
assert slots.day_capacity() == 17, "with SLOT_MINUTES = 30, day_capacity() = %r" % (slots.day_capacity(),)
assert slots.appointment_length("giant") == 90, \
    "with SLOT_MINUTES = 30, appointment_length('giant') = %r" % (slots.appointment_length("giant"),)
assert slots.slot_label(570) == "09:30-10:00 (30 min)", \
    "with SLOT_MINUTES = 30, slot_label(570) = %r" % (slots.slot_label(570),)
assert slots.fits_before_close(990, "medium") and not slots.fits_before_close(1000, "medium")
assert DayBook().free_starts("giant")[-1] == 960, DayBook().free_starts("giant")
print("OK")
'''


def _literal_45(src):
    """Line numbers of 45 (as a number or inside a string, docstrings aside) outside the constant's own assignment."""
    tree = ast.parse(src)
    skip = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == CONST for t in targets):
            skip |= {id(n) for n in ast.walk(node)}
    for node in [tree] + list(ast.walk(tree)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skip.add(id(body[0].value))
    lines = []
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.Constant):
            continue
        if (type(node.value) in (int, float) and node.value == 45) or \
                (isinstance(node.value, str) and re.search(r"(?<![\d:])45(?![\d:])", node.value)):
            lines.append(node.lineno)
    return sorted(set(lines))


def _check(root, original, summary):
    import shutil
    import tempfile
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    src = _read(root, MODULE)
    if src is None:
        return False, "%s is missing" % MODULE
    try:
        left = _literal_45(src)
    except SyntaxError as exc:
        return False, "%s does not parse: %s" % (MODULE, exc)
    if left:
        return False, "%s still has the literal 45 on line(s) %s" % (MODULE, ", ".join(map(str, left)))
    ok, out = _py(root, AT_45)
    if not ok:
        return False, "behaviour changed with the 45-minute slots: " + out
    pat = re.compile(r"(?m)^(%s\s*(?::[^=\n]+)?=\s*)45\b" % CONST)
    if len(pat.findall(src)) != 1:
        return False, "%s has no single top-level line '%s = 45'" % (MODULE, CONST)
    tmp = tempfile.mkdtemp()
    try:
        copy = Path(tmp) / "repo"
        shutil.copytree(str(root), str(copy), ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        (copy / MODULE).write_text(pat.sub(r"\g<1>30", src), encoding="utf-8")
        ok, out = _py(copy, AT_30)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not ok:
        return False, "changing %s to 30 does not change the slot length everywhere: %s" % (CONST, out)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    return True, "SLOT_MINUTES drives every use of the slot length (checked with 45 and 30); tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
