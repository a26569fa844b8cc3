# Check for a held-out benchmark task. Standard library only.
import ast
import os
import re
import subprocess
import sys
from pathlib import Path


def _run(root, args, timeout=20):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    try:
        p = subprocess.run([sys.executable] + list(args), cwd=str(root),
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


_PLAIN_RUNNER = r'''
import importlib.util, pathlib, sys, traceback
ran = fails = 0
for f in sorted(pathlib.Path("tests").glob("test_*.py")):
    spec = importlib.util.spec_from_file_location("t_" + f.stem, f)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for n in sorted(dir(m)):
        if n.startswith("test_") and callable(getattr(m, n)):
            ran += 1
            try:
                getattr(m, n)()
            except Exception:
                fails += 1
                traceback.print_exc()
print("ran", ran, "failed", fails)
sys.exit(1 if fails or not ran else 0)
'''


def _plain_tests(root):
    """Run pytest-style test functions without pytest; (ok, output tail)."""
    return _py(root, _PLAIN_RUNNER)


def _read(root, rel):
    try:
        return (Path(root) / rel).read_text(encoding="utf-8")
    except Exception:
        return None


def _orig(original, rel):
    try:
        for k, v in (original or {}).items():
            if str(k).replace("\\", "/") == rel:
                return v.decode("utf-8") if isinstance(v, bytes) else str(v)
    except Exception:
        pass
    return None


def _py_files(root):
    out = []
    for p in sorted(Path(root).rglob("*.py")):
        parts = p.relative_to(root).parts
        if any(x in (".git", ".venv", "venv", "__pycache__") for x in parts):
            continue
        out.append(p)
    return out


# ---- task-specific part -------------------------------------------------
EXPECTED_MODULES = {"argparse", "collections", "os", "pathlib", "re", "sys", "time"}


def _top_imports(tree):
    """(kind, module, names) for the leading top-level import statements."""
    out = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.append(("import", alias.name, ()))
        elif isinstance(node, ast.ImportFrom):
            out.append(("from", node.module or "", tuple(sorted(a.name for a in node.names))))
        elif isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant) and not out:
            continue  # module docstring
        else:
            break
    return out


def _body_without_imports(tree):
    return [ast.dump(n) for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom))]


def _check(root, original, summary):
    src = _read(root, "logtail/follow.py")
    if src is None:
        return False, "logtail/follow.py is missing"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "logtail/follow.py does not parse: %s" % exc
    imports = _top_imports(tree)
    n_all = sum(len(n.names) if isinstance(n, ast.Import) else 1
                for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)))
    if len(imports) != n_all or len(imports) != 7:
        return False, "expected the same 7 imports at the top of the file, found %r" % imports
    if {m for _, m, _ in imports} != EXPECTED_MODULES:
        return False, "the set of imported modules changed: %r" % imports
    if ("from", "collections", ("deque",)) not in imports or ("from", "pathlib", ("Path",)) not in imports:
        return False, "from-imports changed: %r" % imports
    mods = [m.lower() for _, m, _ in imports]
    plain = [m.lower() for k, m, _ in imports if k == "import"]
    froms = [m.lower() for k, m, _ in imports if k == "from"]
    mixed_sorted = mods == sorted(mods)
    grouped_sorted = mods == plain + froms and plain == sorted(plain) and froms == sorted(froms)
    if not (mixed_sorted or grouped_sorted):
        return False, "imports are not sorted: %r" % [m for _, m, _ in imports]
    before = _orig(original, "logtail/follow.py")
    if before is not None:
        try:
            if _body_without_imports(ast.parse(before)) != _body_without_imports(tree):
                return False, "code other than the imports was changed"
        except SyntaxError:
            pass
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "imports sorted"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
