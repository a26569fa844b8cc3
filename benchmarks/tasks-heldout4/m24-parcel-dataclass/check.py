# Check for a held-out benchmark task. Standard library only.
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


_IGNORED_DIRS = {".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                 ".venv", "venv", ".tox", ".eggs"}


def _ignored(rel):
    parts = rel.split("/")
    if any(x in _IGNORED_DIRS for x in parts[:-1]):
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
            if any(x in _IGNORED_DIRS or x.endswith(".egg-info") for x in rel.split("/")[:-1]):
                continue
            if _ignored(rel):
                continue
            out[rel] = p.read_bytes()
        except Exception:
            continue
    return out


def _changed(root, original):
    """Relative paths added, removed or modified compared with `original`."""
    now = _snapshot(root)
    orig = {}
    for k, v in (original or {}).items():
        rel = str(k).replace("\\", "/")
        if _ignored(rel):
            continue
        orig[rel] = v if isinstance(v, bytes) else str(v).encode("utf-8")
    return sorted(k for k in set(now) | set(orig) if now.get(k) != orig.get(k))


def _exists(root, rel):
    return (Path(root) / rel).exists()


def _text_files(root, exts=(".py", ".md", ".txt", ".toml", ".cfg", ".ini", ".json", ".rst")):
    """{relative path: text} for project text files (caches skipped)."""
    out = {}
    for rel, data in _snapshot(root).items():
        if rel.endswith(exts):
            try:
                out[rel] = data.decode("utf-8")
            except Exception:
                out[rel] = data.decode("utf-8", "replace")
    return out


def _strip_docstrings(tree):
    import ast
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = getattr(node, "body", None)
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _same_code(a_src, b_src):
    """True when two Python sources have the same AST once docstrings are ignored."""
    import ast
    try:
        a = _strip_docstrings(ast.parse(a_src))
        b = _strip_docstrings(ast.parse(b_src))
    except SyntaxError:
        return False
    return ast.dump(a) == ast.dump(b)


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
import dataclasses
from decimal import Decimal
from shipcalc import Parcel, quote
from shipcalc.parcel import Parcel as P2
assert Parcel is P2
assert dataclasses.is_dataclass(Parcel), "Parcel is not a dataclass"
names = [f.name for f in dataclasses.fields(Parcel)]
assert names == ["weight_kg", "length_cm", "width_cm", "height_cm", "fragile"], names
p = Parcel(2, 10, 10, 10)
assert p.fragile is False
assert repr(p) == "Parcel(weight_kg=2, length_cm=10, width_cm=10, height_cm=10, fragile=False)", repr(p)
q = Parcel(weight_kg=1.5, length_cm=20, width_cm=30.5, height_cm=4, fragile=True)
assert repr(q) == "Parcel(weight_kg=1.5, length_cm=20, width_cm=30.5, height_cm=4, fragile=True)", repr(q)
assert Parcel(2, 10, 10, 10) == p and p != Parcel(2, 10, 10, 11) and p != Parcel(2, 10, 10, 10, True)
assert (p == (2, 10, 10, 10, False)) is False
try:
    hash(p)
except TypeError:
    pass
else:
    raise AssertionError("Parcel became hashable (it was not before)")
try:
    p < q
except TypeError:
    pass
else:
    raise AssertionError("Parcel became orderable (it was not before)")
p.weight_kg = 3
assert p.weight_kg == 3, "Parcel attributes can no longer be assigned"
for args in [(0, 1, 1, 1), (-2, 1, 1, 1), (1, 0, 1, 1), (1, 1, -1, 1), (1, 1, 1, 0)]:
    try:
        Parcel(*args)
    except ValueError:
        pass
    else:
        raise AssertionError("Parcel%r did not raise ValueError" % (args,))
r = Parcel(1, 50, 40, 30)
assert r.volume_cm3() == 60000 and r.volumetric_weight() == 12.0 and r.billable_weight() == 12.0
assert quote(Parcel(2.5, 40, 30, 20), "EU") == Decimal("20.52")
assert quote(Parcel(1, 10, 10, 10, fragile=True)) == Decimal("6.38")
print("OK")
'''


def _check(root, original, summary):
    import ast
    src = _read(root, "shipcalc/parcel.py")
    if src is None:
        return False, "shipcalc/parcel.py is missing"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "parcel.py does not parse: %s" % exc
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Parcel"), None)
    if cls is None:
        return False, "class Parcel is no longer defined in shipcalc/parcel.py"
    handwritten = [n.name for n in cls.body
                   if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name in ("__init__", "__repr__", "__eq__")]
    if handwritten:
        return False, "Parcel still hand-writes " + ", ".join(handwritten)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "Parcel is not an equivalent dataclass: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "Parcel is a dataclass with the same behaviour; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
