# Check for a held-out benchmark task (tasks-heldout10). Standard library only.
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


def _modified(root, original, rels):
    """Those of `rels` whose bytes differ from the starting state."""
    now = _snapshot(root)
    orig = _orig_files(original)
    return sorted(r for r in rels if now.get(r) != orig.get(r))


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
import inspect, typing
import cellar.blending as bl
from cellar.blending import Blend, blend_abv, blend_volume, parse_part, shares

assert parse_part("250L@12.25") == (250.0, 12.25), parse_part("250L@12.25")
assert parse_part("  75l@14 ") == (75.0, 14.0), parse_part("  75l@14 ")
for bad in ("250@12", "L@", "12.5"):
    try:
        parse_part(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("parse_part(%r) should raise ValueError" % bad)
parts = [(250.0, 12.0), (500.0, 13.5), (250.0, 15.0)]
assert blend_volume(parts) == 1000.0, blend_volume(parts)
assert blend_abv(parts) == 13.5, blend_abv(parts)
assert blend_abv([(100, 12.34), (300, 13.0)], digits=3) == 12.835, blend_abv([(100, 12.34), (300, 13.0)], digits=3)
assert blend_abv([(100, 12.34), (300, 13.0)], 1) == 12.8
assert shares([(1, 10.0), (1, 11.0), (1, 12.0)]) == [33.3, 33.3, 33.3]
assert abs(bl._weighted([1, 3], [1, 1]) - 2.0) < 1e-12
try:
    bl._weighted([1], [0])
except ValueError:
    pass
else:
    raise AssertionError("_weighted with zero weights should raise ValueError")
b = Blend("Rose")
b.add(120, 11.5)
b.add(80, 12.0)
assert b.volume() == 200.0 and b.abv() == 11.7, (b.volume(), b.abv())
assert b.label() == "Rose - 11.7% vol - 200 L", b.label()
assert b.vintage is None and b.name == "Rose"
try:
    b.add(0, 12.0)
except ValueError:
    pass
else:
    raise AssertionError("add(0, ...) should raise ValueError")
targets = [obj for obj in vars(bl).values() if inspect.isfunction(obj) and obj.__module__ == bl.__name__]
targets += [m for m in vars(Blend).values() if inspect.isfunction(m)]
for fn in targets:
    try:
        typing.get_type_hints(fn)
    except NameError as exc:
        raise AssertionError("type hints of %s name something undefined: %s" % (fn.__qualname__, exc))
    except Exception:
        pass
print("OK")
'''

ANYISH = {"Any", "typing.Any", "t.Any", "object"}


def _hint_problems(src):
    """(problems, annotation texts) for every function in the module source."""
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return ["does not parse: %s" % exc], []
    problems, texts = [], []
    methods = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    methods.add(id(item))
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        a = node.args
        positional = list(getattr(a, "posonlyargs", [])) + list(a.args)
        decos = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
        if id(node) in methods and "staticmethod" not in decos and positional:
            positional = positional[1:]
        for arg in positional + list(a.kwonlyargs) + [x for x in (a.vararg, a.kwarg) if x]:
            if arg.annotation is None:
                problems.append("%s: parameter %s has no hint" % (node.name, arg.arg))
            else:
                texts.append(ast.unparse(arg.annotation) if hasattr(ast, "unparse") else "?")
        if node.returns is None:
            if node.name != "__init__":
                problems.append("%s: no return hint" % node.name)
        else:
            texts.append(ast.unparse(node.returns) if hasattr(ast, "unparse") else "?")
    return problems, texts


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    src = _read(root, "cellar/blending.py")
    defs = _top_defs(src)
    if defs is None:
        return False, "cellar/blending.py is missing or does not parse"
    for name in ("_weighted", "parse_part", "blend_volume", "blend_abv", "shares", "Blend"):
        if name not in defs:
            return False, "cellar/blending.py lost %s" % name
    problems, texts = _hint_problems(src)
    if problems:
        return False, "missing type hints: " + "; ".join(problems[:8])
    if not texts:
        return False, "no type hints found"
    anyish = sum(1 for t in texts if t.strip("'\"") in ANYISH)
    if anyish * 2 > len(texts):
        return False, "most hints are Any/object (%d of %d)" % (anyish, len(texts))
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "behaviour or hints are broken: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "every function and method in cellar/blending.py is fully hinted, behaviour unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
