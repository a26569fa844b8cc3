# Check for a held-out benchmark task (tasks-heldout18). Standard library only.
import ast
import os
import re
import subprocess
import sys
import tempfile
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



def _py_original(original, code):
    """Run a Python snippet against the starting files, copied into a temporary
    folder; (ok, stdout, output tail)."""
    try:
        with tempfile.TemporaryDirectory() as tmp:
            if not _materialise(original, Path(tmp)):
                return False, "", "no starting files given"
            rc, out, err = _run(Path(tmp), ["-c", code])
            return rc == 0, out, (out + err).strip()[-1200:]
    except Exception as exc:
        return False, "", "could not run the starting code: %r" % (exc,)


def _py_out(root, code):
    """Run a Python snippet in the repo; (ok, stdout, output tail)."""
    rc, out, err = _run(root, ["-c", code])
    return rc == 0, out, (out + err).strip()[-1200:]


def _last_json(out):
    """The JSON value printed on the last non-empty line of `out` (None if none)."""
    import json
    for line in reversed((out or "").splitlines()):
        if line.strip():
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def _py_files(root):
    """{relative path: source} for every Python file of the project."""
    return {rel: text for rel, text in _text_files(root, (".py",)).items()}


def _old_name_uses(root, old, exts=(".md", ".txt", ".rst")):
    """Places that still use the name `old`: Python identifiers (names,
    attributes, definitions, arguments, imports, keywords), the word inside a
    Python string, or the word in a documentation file. Returns a list of
    strings; a file that does not parse is reported too."""
    word = re.compile(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(old))
    found = []
    for rel, src in sorted(_py_files(root).items()):
        idents = _identifiers(src)
        if idents is None:
            found.append("%s does not parse" % rel)
            continue
        if old in idents:
            found.append("%s uses %s" % (rel, old))
            continue
        if any(word.search(s) for s in idents):
            found.append("%s mentions %s in a string" % (rel, old))
    for rel, text in sorted(_text_files(root, exts).items()):
        if word.search(text):
            found.append("%s mentions %s" % (rel, old))
    return found


def _basics(root, original, modules=()):
    """Common failures: a starting file deleted, or a module that does not
    parse. Returns a message, or None when all is well."""
    if not _orig_files(original):
        return "no starting files were given"
    gone = _missing(root, original)
    if gone:
        return "files were deleted: %s" % ", ".join(gone)
    for rel in modules:
        if _top_defs(_read(root, rel)) is None:
            return "%s is missing or does not parse" % rel
    return None


def _suite(root, original):
    """The repo's own tests: must pass and run at least as many tests as the
    starting repo's. Returns a message, or None when all is well."""
    ok, out = _unittest(root)
    if not ok:
        return "the test suite fails: " + out
    try:
        with tempfile.TemporaryDirectory() as tmp:
            _materialise(original, Path(tmp))
            _, before = _unittest(Path(tmp))
    except Exception:
        before = ""
    if _tests_ran(out) < max(1, _tests_ran(before)):
        return "fewer tests ran than in the starting repo: " + out
    return None


# ---- task-specific part -------------------------------------------------
MODULE = "sitterpay/pay.py"
# function -> index of the rate parameter
RATE_AT = {"evening": 1, "after_midnight": 1, "booking": 2}

CASES = r'''
import json
from sitterpay import pay
cases = []
for rate in (0.0, 9.5, 11.0, 12.75, 15.0):
    for hours in (0, 0.5, 1, 2.5, 3, 4, 6.25):
        cases.append(["evening", [hours, rate], {}])
        cases.append(["after_midnight", [hours, rate], {}])
        for after in (0, 1, 2.5):
            cases.append(["booking", [hours, after, rate], {}])
            cases.append(["booking", [hours, after, rate], {"travel": 4.5}])
'''

ORIGINAL_RUN = CASES + r'''
print(json.dumps([[c, getattr(pay, c[0])(*c[1], **c[2])] for c in cases]))
'''

NEW_RUN = CASES + r'''
import inspect
RATE_AT = %r
for name, idx in RATE_AT.items():
    params = list(inspect.signature(getattr(pay, name)).parameters)
    assert len(params) > idx and params[idx] == "hourly_rate", "%%s parameters are %%r" %% (name, params)
assert inspect.signature(pay.booking).parameters["travel"].default == 0.0
out = []
for name, args, kw in cases:
    idx = RATE_AT[name]
    kw2 = dict(kw, hourly_rate=args[idx])
    by_kw = getattr(pay, name)(*args[:idx], **kw2)
    by_pos = getattr(pay, name)(*args, **kw)
    assert by_kw == by_pos, (name, args, kw, by_kw, by_pos)
    out.append([[name, args, kw], by_kw])
assert pay.NIGHT_SUPPLEMENT == 1.5 and pay.MINIMUM_HOURS == 3
print(json.dumps(out))
''' % (RATE_AT,)


def _hr_uses(src):
    """Places in the source that still use the identifier hr."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return ["does not parse"]
    found = []
    for n in ast.walk(tree):
        name = None
        if isinstance(n, ast.Name):
            name = n.id
        elif isinstance(n, ast.arg):
            name = n.arg
        elif isinstance(n, ast.keyword):
            name = n.arg
        elif isinstance(n, ast.Attribute):
            name = n.attr
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            name = n.name
        if name == "hr":
            found.append("line %d" % getattr(n, "lineno", 0))
    return found


def _check(root, original, summary):
    bad = _basics(root, original, [MODULE])
    if bad:
        return False, bad
    left = _hr_uses(_read(root, MODULE))
    if left:
        return False, "%s still uses hr (%s)" % (MODULE, ", ".join(left))
    ok, before, out = _py_original(original, ORIGINAL_RUN)
    if not ok:
        return False, "could not run the starting code: " + out
    ok, after, out = _py_out(root, NEW_RUN)
    if not ok:
        return False, "the functions do not take hourly_rate in place of hr: " + out
    if _last_json(after) != _last_json(before):
        return False, "pay amounts changed after the rename"
    bad = _suite(root, original)
    if bad:
        return False, bad
    return True, "hr renamed to hourly_rate in every function; pay unchanged; tests pass"


def check(root, original, summary):
    """(passed, detail) for the end state in `root`; never raises."""
    try:
        return _check(Path(root), original, summary or "")
    except Exception as exc:  # a check must never raise
        return False, "check error: %r" % (exc,)
