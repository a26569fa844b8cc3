# Check for a held-out benchmark task (tasks-heldout8). Standard library only.
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
FILES = ["kennel/rates.py", "kennel/booking.py"]


def _drop_doc(body):
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:] or [ast.Pass()]
    return body


class _Strip(ast.NodeTransformer):
    """Remove everything a typing pass may add: annotations, docstrings."""

    def _fn(self, node):
        self.generic_visit(node)
        a = node.args
        for arg in list(getattr(a, "posonlyargs", [])) + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
            if arg is not None:
                arg.annotation = None
                arg.type_comment = None
        node.returns = None
        node.type_comment = None
        node.body = _drop_doc(node.body)
        return node

    visit_FunctionDef = _fn
    visit_AsyncFunctionDef = _fn

    def visit_ClassDef(self, node):
        self.generic_visit(node)
        node.body = _drop_doc(node.body)
        return node

    def visit_AnnAssign(self, node):
        if node.value is None:
            return None
        return ast.Assign(targets=[self.visit(node.target)], value=self.visit(node.value),
                          type_comment=None)


def _norm(src):
    tree = _Strip().visit(ast.parse(src))
    funcs, classes, assigns = {}, {}, []

    def walk(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                funcs[prefix + node.name] = ast.dump(node)
            elif isinstance(node, ast.ClassDef):
                classes[prefix + node.name] = ast.dump(ast.Tuple(elts=node.bases + node.decorator_list,
                                                                 ctx=ast.Load()))
                walk(node.body, prefix + node.name + ".")
            elif isinstance(node, ast.Assign) and not prefix:
                assigns.append(ast.dump(node))
    walk(tree.body, "")
    return funcs, classes, assigns


def _missing_hints(src):
    missing = []

    def walk(body, prefix, in_class):
        for node in body:
            if isinstance(node, ast.ClassDef):
                walk(node.body, prefix + node.name + ".", True)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                params = list(getattr(a, "posonlyargs", [])) + a.args
                is_static = any(isinstance(d, ast.Name) and d.id == "staticmethod"
                                for d in node.decorator_list)
                if in_class and params and not is_static and params[0].arg in ("self", "cls"):
                    params = params[1:]
                params += a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x is not None]
                for arg in params:
                    if arg.annotation is None:
                        missing.append("%s%s(%s)" % (prefix, node.name, arg.arg))
                if node.returns is None and node.name != "__init__":
                    missing.append("%s%s -> return" % (prefix, node.name))
                walk(node.body, prefix + node.name + ".", False)
    walk(ast.parse(src).body, "", False)
    return missing


HIDDEN = r'''
import datetime, inspect, typing
import kennel.booking as booking
import kennel.rates as rates
from kennel import occupancy, overlapping, parse_booking, stay_cost, long_stay_discount, nightly_rate

for mod in (rates, booking):
    for name, obj in vars(mod).items():
        fns = []
        if inspect.isfunction(obj) and obj.__module__ == mod.__name__:
            fns.append(obj)
        elif inspect.isclass(obj) and obj.__module__ == mod.__name__:
            fns.extend(v for v in vars(obj).values() if inspect.isfunction(v))
        for fn in fns:
            try:
                typing.get_type_hints(fn)
            except Exception as exc:
                raise AssertionError("annotations of %s.%s do not resolve: %r" % (mod.__name__, fn.__qualname__, exc))

assert stay_cost("medium", 14, ["walk", "meds"]) == 3400 * 14 * 85 // 100 + 800
assert stay_cost("LARGE", 1) == 4200
assert [long_stay_discount(n) for n in (1, 7, 14, 30)] == [0, 10, 15, 15]
try:
    nightly_rate("tiny")
except ValueError:
    pass
else:
    raise AssertionError("unknown size accepted")
a = parse_booking("rolo large 2026-08-10 2026-08-24 bath")
b = parse_booking("mo small 2026-08-23 2026-08-25")
assert a.nights() == 14 and a.cost() == 4200 * 14 * 85 // 100 + 1800
assert overlapping(a, b) and overlapping(b, a)
assert occupancy([a, b], datetime.date(2026, 8, 23)) == 2
assert occupancy([a, b], datetime.date(2026, 8, 24)) == 1
assert b.on_site(datetime.date(2026, 8, 24)) and not b.on_site(datetime.date(2026, 8, 25))
print("OK")
'''


def _check(root, original, summary):  # noqa: C901 - one check per rule of the task, in order
    for rel in FILES:
        new, old = _read(root, rel), _orig(original, rel)
        if new is None or old is None:
            return False, "%s missing" % rel
        try:
            nf, nc, na = _norm(new)
            of, oc, oa = _norm(old)
        except SyntaxError as exc:
            return False, "%s does not parse: %s" % (rel, exc)
        if set(nf) != set(of):
            return False, "%s: functions changed: %s" % (rel, sorted(set(nf) ^ set(of)))
        diff = sorted(k for k in of if of[k] != nf[k])
        if diff:
            return False, "%s: code changed beyond annotations in %s" % (rel, ", ".join(diff))
        if nc != oc:
            return False, "%s: class definitions changed" % rel
        lost = [a for a in oa if a not in na]
        if lost:
            return False, "%s: module-level assignments changed" % rel
        missing = _missing_hints(new)
        if missing:
            return False, "%s: missing hints: %s" % (rel, ", ".join(missing[:8]))
    for rel in ("kennel/__init__.py",):
        if _read(root, rel) != _orig(original, rel):
            try:
                if ast.dump(ast.parse(_read(root, rel) or "")) != ast.dump(ast.parse(_orig(original, rel))):
                    return False, "%s changed" % rel
            except SyntaxError:
                return False, "%s does not parse" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "behaviour or annotations broken: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    return True, "every parameter and return in rates.py and booking.py annotated; code otherwise identical"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
