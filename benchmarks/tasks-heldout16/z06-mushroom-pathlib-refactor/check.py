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
HIDDEN = r'''
import os, tempfile
from pathlib import Path
from sporelog.batches import Batch
from sporelog import storage as st

B1 = Batch("OY-07", "blue oyster", 2.5, "2026-03-02", [820, 540])
B2 = Batch("LM-01", "lion's mane", 1.5, "2026-04-10")
B3 = Batch("a.b-2", "shiitake", 3, "2026-01-20", [300])
for kind in (str, Path):
    with tempfile.TemporaryDirectory() as tmp:
        root = kind(os.path.join(tmp, "deep", "data"))
        base = Path(tmp) / "deep" / "data"
        assert st.list_batches(root) == [], st.list_batches(root)
        assert st.storage_bytes(root) == 0
        assert Path(st.batch_path(root, "X-1")) == base / "X-1.txt", st.batch_path(root, "X-1")
        p = st.save_batch(root, B1)
        assert Path(p) == base / "OY-07.txt", p
        assert (base / "OY-07.txt").read_text(encoding="utf-8") == "\n".join(B1.to_lines()) + "\n"
        st.save_batch(root, B2)
        st.save_batch(root, B3)
        (base / "notes.md").write_text("not a batch")
        (base / "odd.txt").mkdir()
        (base / "ODD.TXT").write_text("x")
        assert st.list_batches(root) == ["LM-01", "OY-07", "a.b-2"], st.list_batches(root)
        for b in (B1, B2, B3):
            assert st.load_batch(root, b.batch_id) == b
        try:
            st.load_batch(root, "nope")
        except KeyError:
            pass
        else:
            raise AssertionError("load_batch of a missing batch did not raise KeyError")
        size = sum((base / (b + ".txt")).stat().st_size for b in ("LM-01", "OY-07", "a.b-2"))
        assert st.storage_bytes(root) == size, (st.storage_bytes(root), size)
        dest = st.archive_batch(root, "LM-01")
        assert Path(dest) == base / "archive" / "LM-01.txt", dest
        assert (base / "archive" / "LM-01.txt").is_file() and not (base / "LM-01.txt").exists()
        dest = st.archive_batch(root, "a.b-2")
        assert Path(dest) == base / "archive" / "a.b-2.txt", dest
        assert st.list_batches(root) == ["OY-07"], st.list_batches(root)
        try:
            st.archive_batch(root, "LM-01")
        except KeyError:
            pass
        else:
            raise AssertionError("archiving a missing batch did not raise KeyError")
        st.save_batch(root, B2)
        assert st.list_batches(root) == ["LM-01", "OY-07"]
print("OK")
'''


def _os_uses(src):
    """Ways storage.py still reaches the os module (None if it does not parse)."""
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return None
    uses = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            uses += ["import " + a.name for a in n.names if a.name == "os" or a.name.startswith("os.")]
        elif isinstance(n, ast.ImportFrom) and n.module and (n.module == "os" or n.module.startswith("os.")):
            uses.append("from %s import ..." % n.module)
        elif isinstance(n, ast.Name) and n.id == "os":
            uses.append("os used on line %d" % n.lineno)
        elif isinstance(n, ast.Constant) and n.value in ("os", "os.path", "posixpath", "ntpath"):
            uses.append("%r on line %d" % (n.value, n.lineno))
    uses.sort(key=lambda u: (not u.startswith(("import", "from")), int(re.sub(r"\D", "", u) or 0)))
    return uses


def _uses_pathlib(src):
    tree = ast.parse(src)
    for n in ast.walk(tree):
        if isinstance(n, ast.Import) and any(a.name == "pathlib" for a in n.names):
            return True
        if isinstance(n, ast.ImportFrom) and n.module == "pathlib":
            return True
    return False


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    src = _read(root, "sporelog/storage.py")
    uses = _os_uses(src)
    if uses is None:
        return False, "sporelog/storage.py is missing or does not parse"
    if uses:
        return False, "sporelog/storage.py still uses os: " + "; ".join(uses[:5]) + ("; ..." if len(uses) > 5 else "")
    if not _uses_pathlib(src):
        return False, "sporelog/storage.py does not import pathlib"
    defs = _top_defs(src)
    want = {"batch_path", "save_batch", "load_batch", "list_batches", "archive_batch", "storage_bytes"}
    if not want <= defs:
        return False, "storage.py lost functions: %s" % ", ".join(sorted(want - defs))
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "storage behaves differently from before: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "storage.py uses pathlib only and behaves as before; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
