# Check for a held-out benchmark task (tasks-heldout15). Standard library only.
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
MODULE = "leafmix/blend.py"

HIDDEN = r'''
import inspect
import typing
import leafmix.blend as m
from leafmix.blend import Blend, caffeine_mg, merge, parse_recipe, scale
from leafmix.labels import load_blends, tin_label

checked = 0
for name, obj in sorted(vars(m).items()):
    if inspect.isfunction(obj) and obj.__module__ == m.__name__:
        typing.get_type_hints(obj)
        checked += 1
    elif inspect.isclass(obj) and obj.__module__ == m.__name__:
        for attr, member in vars(obj).items():
            funcs = []
            if isinstance(member, (classmethod, staticmethod)):
                funcs = [member.__func__]
            elif isinstance(member, property):
                funcs = [f for f in (member.fget, member.fset, member.fdel) if f is not None]
            elif inspect.isfunction(member):
                funcs = [member]
            for f in funcs:
                try:
                    typing.get_type_hints(f)
                except Exception as exc:
                    raise AssertionError("the hints of %s.%s do not resolve: %r" % (name, attr, exc))
                checked += 1
assert checked >= 8, "only %d functions found in leafmix.blend" % checked

assert parse_recipe(" Kenya:2,assam:3 , kenya:1") == {"kenya": 3, "assam": 3}
for bad in ("assam", "assam:x", "gunpowder:2", "assam:-1", ""):
    try:
        parse_recipe(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("parse_recipe(%r) should raise ValueError" % (bad,))
assert scale({"assam": 1, "ceylon": 2}, 100) == {"assam": 33.3, "ceylon": 66.7}
assert scale({"sencha": 3, "rosehip": 1}, 250) == {"sencha": 187.5, "rosehip": 62.5}
assert caffeine_mg({"assam": 6, "ceylon": 3, "bergamot": 1}) == 48.0
assert caffeine_mg({"sencha": 1}, cup_grams=3) == 45.0 and caffeine_mg({}) == 0.0
assert merge({"assam": 1}, {"assam": 2, "kenya": 1}, weight=2) == {"assam": 6, "kenya": 2}
assert merge() == {} and merge({"rooibos": 2}) == {"rooibos": 2}
b = Blend.from_line("Breakfast No. 4 = assam:5, kenya:4, ceylon:1")
assert type(b) is Blend and b.name == "Breakfast No. 4" and b.recipe == {"assam": 5, "kenya": 4, "ceylon": 1}
assert b.scaled(20) == {"assam": 10.0, "kenya": 8.0, "ceylon": 2.0} and b.caffeine_free is False
assert Blend("x", {"rooibos": 1}).caffeine_free is True
src = {"assam": 1}
c = Blend("y", src)
src["assam"] = 5
assert c.recipe == {"assam": 1}
assert [tin_label(x) for x in load_blends()][1] == ["Breakfast No. 4: assam, kenya, ceylon", "About 54 mg caffeine a cup"], \
    [tin_label(x) for x in load_blends()]
print("OK")
'''


def _unannotated(src):
    """'name: what' for every parameter or return value without a hint."""
    tree = ast.parse(src)
    missing = []

    def visit(body, in_class, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, True, prefix + node.name + ".")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                params = list(a.posonlyargs) + list(a.args)
                if in_class and params and params[0].arg in ("self", "cls"):
                    params = params[1:]
                params += list(a.kwonlyargs)
                params += [x for x in (a.vararg, a.kwarg) if x is not None]
                for p in params:
                    if p.annotation is None:
                        missing.append("%s%s: parameter %s" % (prefix, node.name, p.arg))
                if node.returns is None and node.name != "__init__":
                    missing.append("%s%s: return value" % (prefix, node.name))
                visit(node.body, False, prefix + node.name + ".")

    visit(tree.body, False, "")
    return missing


def _method_names(src):
    tree = ast.parse(src)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            names |= {node.name + "." + n.name for n in node.body
                      if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        elif isinstance(node, ast.Module):
            names |= {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return names


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    src = _read(root, MODULE)
    if src is None:
        return False, "%s is missing" % MODULE
    try:
        missing = _unannotated(src)
        lost = _method_names(_orig(original, MODULE) or "") - _method_names(src)
    except SyntaxError as exc:
        return False, "%s does not parse: %s" % (MODULE, exc)
    if lost:
        return False, "functions disappeared from %s: %s" % (MODULE, ", ".join(sorted(lost)))
    if missing:
        return False, "%s still lacks type hints: %s" % (MODULE, "; ".join(missing))
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "the hints do not resolve or behaviour changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "every function and method in leafmix/blend.py has resolvable hints; behaviour unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
