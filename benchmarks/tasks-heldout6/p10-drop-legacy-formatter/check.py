# Check for a held-out benchmark task (tasks-heldout6). Standard library only.
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
HIDDEN = r'''
import importlib
import mdtable
from mdtable import format_table, parse_table
assert not hasattr(mdtable, "format_table_v1"), "mdtable still exports format_table_v1"
if hasattr(mdtable, "__all__"):
    assert "format_table_v1" not in mdtable.__all__, mdtable.__all__
try:
    importlib.import_module("mdtable.legacy")
except ImportError:
    pass
else:
    raise AssertionError("mdtable.legacy can still be imported")
got = format_table([["pear", 7], ["fig", 100]], ["fruit", "count"], align="lr")
want = "| fruit | count |\n| :---- | ----: |\n| pear  |     7 |\n| fig   |   100 |"
assert got == want, repr(got)
assert parse_table(want) == (["fruit", "count"], [["pear", "7"], ["fig", "100"]])
print("OK")
'''

CLI_WANT = ["|  city  | pop |", "| :----: | --: |", "|  oslo  |   7 |", "| bergen |  30 |"]


def _legacy_refs(src):
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return ["syntax error"]
    refs = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if mod.split(".")[-1] == "legacy" or any(a.name in ("legacy", "format_table_v1") for a in node.names):
                refs.append("import from %s" % ("." * node.level + mod))
        elif isinstance(node, ast.Import):
            refs += ["import " + a.name for a in node.names if a.name.split(".")[-1] == "legacy"]
        elif isinstance(node, ast.Name) and node.id == "format_table_v1":
            refs.append("name format_table_v1")
        elif isinstance(node, ast.Attribute) and node.attr in ("format_table_v1", "legacy"):
            refs.append("attribute " + node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and ("--legacy" in node.value or node.value == "format_table_v1"):
            refs.append("string %r" % node.value)
    return refs


def _check(root, original, summary):
    if _exists_file(root, "mdtable/legacy.py"):
        return False, "mdtable/legacy.py still exists"
    for rel, text in _text_files(root, (".py",)).items():
        refs = _legacy_refs(text)
        if refs:
            return False, "%s still refers to the legacy formatter: %s" % (rel, ", ".join(refs[:3]))
    readme = _read(root, "README.md") or ""
    for word in ("format_table_v1", "legacy.py", "--legacy"):
        if word in readme:
            return False, "README still mentions %s" % word
    if "format_table" not in readme or "## Command line" not in readme:
        return False, "README lost more than the deprecated part"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "package not cleaned up as asked: " + out
    rc, out, err = _run(root, ["-m", "mdtable.cli", "--align", "cr"], stdin="city,pop\noslo,7\nbergen,30\n")
    if rc != 0 or [l for l in out.splitlines() if l.strip()] != CLI_WANT:
        return False, "CLI output changed: rc=%s %s" % (rc, (out + err).strip()[-600:])
    rc, out, err = _run(root, ["-m", "mdtable.cli", "--legacy"], stdin="a,b\n1,2\n")
    if rc == 0:
        return False, "the CLI still accepts --legacy"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than expected: " + out
    return True, "legacy formatter, its flag, tests and README mention removed; tests pass"


def _exists_file(root, rel):
    return (Path(root) / rel).exists()


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
