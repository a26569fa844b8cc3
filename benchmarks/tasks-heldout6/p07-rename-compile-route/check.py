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
import routekit
import routekit.patterns as patterns
from routekit import compile_route, Router
from routekit.patterns import compile_route as cr2
assert compile_route is cr2
assert not hasattr(patterns, "compile_pattern"), "old name still defined in routekit.patterns"
assert not hasattr(routekit, "compile_pattern"), "old name still exported from routekit"
if hasattr(routekit, "__all__"):
    assert "compile_route" in routekit.__all__ and "compile_pattern" not in routekit.__all__, routekit.__all__
m = compile_route("/shop/<slug:cat>/<int:page>")
assert m.match("/shop/red-shoes/3") == {"cat": "red-shoes", "page": 3}
assert m.match("/shop/Red/3") is None
assert compile_route("/dl/<path:p>").match("/dl/x/y/z.tar.gz") == {"p": "x/y/z.tar.gz"}
assert compile_route("/a.b").match("/aXb") is None
for bad in ("/<nope:x>", "/<a>/<int:a>"):
    try:
        compile_route(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("compile_route(%r) did not raise ValueError" % bad)
r = Router()
r.add("GET", "/u/<int:uid>", len)
assert r.dispatch("GET", "/u/5") == (len, {"uid": 5})
print("OK")
'''


OLD = "compile_pattern"


def _uses_old_name(src):
    """True when Python source still uses the old name as code (comments are fine)."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == OLD:
            return True
        if isinstance(node, ast.Attribute) and node.attr == OLD:
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == OLD:
            return True
        if isinstance(node, ast.alias) and (OLD in (node.name, node.asname)):
            return True
        if isinstance(node, ast.Constant) and node.value == OLD:
            return True
    return False


def _check(root, original, summary):
    hits = [rel for rel, text in _text_files(root, (".py",)).items() if _uses_old_name(text)]
    if hits:
        return False, "old name compile_pattern still used in: " + ", ".join(sorted(hits))
    readme = _read(root, "README.md") or ""
    if "compile_route" not in readme:
        return False, "README does not mention compile_route"
    for line in readme.splitlines():
        if OLD in line and not re.search(r"renamed|formerly|previously|old name|used to be", line, re.I):
            return False, "README still refers to compile_pattern: " + line.strip()
    tests_text = "".join(t for r, t in _text_files(root, (".py",)).items() if r.startswith("tests/"))
    if "compile_route" not in tests_text:
        return False, "tests do not use compile_route"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "compile_route not working as the old function did: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 9:
        return False, "fewer tests ran than before: " + out
    return True, "compile_pattern renamed to compile_route everywhere; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
