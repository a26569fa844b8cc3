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
from fractions import Fraction
from recipebox.helpers import format_quantity, parse_fraction, pluralize
from recipebox import scale_recipe
assert parse_fraction("2 3/4") == Fraction(11, 4)
assert format_quantity(Fraction(9, 8)) == "1 1/8"
assert pluralize("tbsp", 3) == "tbsp" and pluralize("cup", 3) == "cups" and pluralize("", 3) == ""
assert [i.format() for i in scale_recipe(["3 g yeast", "1 pinch salt"], 2)] == ["6 g yeast", "2 pinches salt"]
print("OK")
'''


def _top_level_names(src):
    import ast
    names = set()
    for node in ast.parse(src).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    names.add(t.id)
    return names


def _check(root, original, summary):
    src = _read(root, "recipebox/helpers.py")
    if src is None:
        return False, "recipebox/helpers.py was deleted (it still has used helpers)"
    try:
        names = _top_level_names(src)
    except SyntaxError as exc:
        return False, "helpers.py does not parse: %s" % exc
    for used in ("parse_fraction", "format_quantity", "pluralize"):
        if used not in names:
            return False, "%s is used but was removed" % used
    for dead in ("celsius_to_gas_mark", "old_parse_fraction"):
        if dead in names:
            return False, "unused function %s is still there" % dead
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "remaining helpers broken: " + out
    for rel, text in _text_files(root, (".py",)).items():
        for dead in ("celsius_to_gas_mark", "old_parse_fraction"):
            if dead in text:
                return False, "%s still refers to %s" % (rel, dead)
    others = [c for c in _changed(root, original)
              if c.endswith(".py") and c not in ("recipebox/helpers.py",)]
    if others:
        return False, "only helpers.py should change, but also changed: " + ", ".join(others)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "dead helpers removed; used helpers intact; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
