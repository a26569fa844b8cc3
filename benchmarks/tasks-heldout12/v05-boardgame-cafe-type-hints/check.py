# Check for a held-out benchmark task (tasks-heldout12). Standard library only.
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
MODULE = "meeple/tables.py"
TYPING_MODULES = ("typing", "typing_extensions", "__future__", "collections.abc", "collections")


class _Strip(ast.NodeTransformer):
    """Remove annotations, docstrings and typing-only statements."""

    def _body(self, body):
        out = []
        for i, node in enumerate(body):
            if (i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)):
                continue  # docstring
            if isinstance(node, ast.Import) and all(a.name in TYPING_MODULES for a in node.names):
                continue
            if isinstance(node, ast.ImportFrom) and (node.module or "") in TYPING_MODULES:
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
                continue
            if isinstance(node, ast.AnnAssign):
                if node.value is None:
                    continue
                node = ast.Assign(targets=[node.target], value=node.value, lineno=0)
            out.append(self.visit(node))
        return out

    def visit_Module(self, node):
        node.body = self._body(node.body)
        return node

    def visit_ClassDef(self, node):
        node.body = self._body(node.body) or [ast.Pass()]
        return node

    def _func(self, node):
        for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
            a.annotation = None
            a.type_comment = None
        for a in (node.args.vararg, node.args.kwarg):
            if a is not None:
                a.annotation = None
        node.returns = None
        node.type_comment = None
        node.args = self.visit(node.args)
        node.body = self._body(node.body) or [ast.Pass()]
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = _func


def _module_names(tree):
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _stripped(src, keep_names):
    tree = _Strip().visit(ast.parse(src))
    body = []
    for node in tree.body:  # drop new module-level type aliases
        if isinstance(node, ast.Assign) and all(
                isinstance(t, ast.Name) and t.id not in keep_names for t in node.targets):
            continue
        if type(node).__name__ == "TypeAlias":
            continue
        body.append(node)
    tree.body = body
    return ast.dump(tree, include_attributes=False)


def _unannotated(tree):
    """Parameters and returns without a hint, as readable strings."""
    missing = []

    def visit(body, in_class, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, True, prefix + node.name + ".")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + node.name
                args = node.args.posonlyargs + node.args.args
                static = any(isinstance(d, ast.Name) and d.id == "staticmethod"
                             for d in node.decorator_list)
                if in_class and not static and args:
                    args = args[1:]  # self / cls
                for a in args + node.args.kwonlyargs + [x for x in (node.args.vararg, node.args.kwarg) if x]:
                    if a.annotation is None:
                        missing.append("%s(%s)" % (name, a.arg))
                if node.returns is None and node.name != "__init__":
                    missing.append("%s() return" % name)
                visit(node.body, False, name + ".")
            elif isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
                visit(getattr(node, "body", []) + getattr(node, "orelse", []), in_class, prefix)

    visit(tree.body, False, "")
    return missing


HINTS = r'''
import inspect
import types
import typing
import meeple.tables as m

def hints(func):
    return typing.get_type_hints(func)

def members(h):
    if typing.get_origin(h) in (typing.Union, getattr(types, "UnionType", None)):
        return set(typing.get_args(h))
    return {h}

funcs = [(n, f) for n, f in vars(m).items() if inspect.isfunction(f) and f.__module__ == m.__name__]
funcs += [("Table." + n, f) for n, f in vars(m.Table).items() if inspect.isfunction(f)]
for name, f in funcs:
    try:
        hints(f)
    except Exception as exc:
        raise AssertionError("the hints of %s cannot be resolved: %r" % (name, exc))
h = hints(m.find_table)
assert members(h["return"]) == {m.Table, type(None)}, \
    "find_table can return a Table or None, but is annotated %r" % (h["return"],)
assert h["party_size"] is int, "find_table's party_size is annotated %r" % (h["party_size"],)
h = hints(m.Table.fits)
assert h["return"] is bool and h["party_size"] is int, "Table.fits is annotated %r" % (h,)
h = hints(m.Table.__init__)
assert h["number"] is int and h["seats"] is int and h["window"] is bool, "Table.__init__ is annotated %r" % (h,)
assert hints(m.Table.__repr__)["return"] is str, "Table.__repr__ should return str"
assert hints(m.occupancy)["return"] is float, "occupancy returns a float"
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    orig_files = _orig_files(original)
    other = [p for p in _changed(root, original)
             if p in orig_files and p.startswith("meeple/") and p != MODULE]
    if other:
        return False, "only %s should change, but so did: %s" % (MODULE, ", ".join(other))
    src = _read(root, MODULE)
    before = _orig(original, MODULE)
    if src is None or before is None:
        return False, "%s is missing" % MODULE
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "%s does not parse: %s" % (MODULE, exc)
    missing = _unannotated(tree)
    if missing:
        return False, "still without type hints: %s" % ", ".join(missing)
    keep = _module_names(ast.parse(before))
    if _stripped(src, keep) != _stripped(before, keep):
        return False, "%s changed beyond adding type hints" % MODULE
    ok, out = _py(root, HINTS)
    if not ok:
        return False, "the type hints are not right: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "every function and method in %s is annotated, code unchanged; tests pass" % MODULE


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
