# Check for a held-out benchmark task (tasks-heldout23). Standard library only.
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
    env["PYTHONIOENCODING"] = "utf-8"  # output with a pound sign reads the same under any locale
    try:
        p = subprocess.run([sys.executable] + list(args), cwd=str(root), input=stdin,
                           capture_output=True, text=True, encoding="utf-8", errors="replace",
                           timeout=timeout, env=env)
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


def _changed_under(root, original, prefixes):
    """Changed, added or removed files whose path starts with one of `prefixes`."""
    return [rel for rel in _changed(root, original) if rel.startswith(tuple(prefixes))]


def _suite_with(root, replace):
    """Run the end state's tests on a temporary copy of `root` in which the files
    of `replace` ({relative path: text}) are swapped in; (ok, output tail)."""
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for rel, data in _snapshot(root).items():
                p = Path(tmp) / rel
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_bytes(data)
            for rel, text in replace.items():
                p = Path(tmp) / rel
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(text, encoding="utf-8")
            return _unittest(Path(tmp))
    except Exception as exc:
        return False, "could not run the tests: %r" % (exc,)


# Runtime checks of type hints, pasted into a snippet run inside the repo:
# conforms(value, hint) says whether a value fits a hint (PEP 484 rules: an
# int fits float; unknown constructs are accepted), vague(hint) flags Any and
# object used on their own.
_HINT_TOOLS = r'''
import collections.abc, json, types, typing

def conforms(v, h):
    if h is typing.Any or h is object:
        return True
    if h is None or h is type(None):
        return v is None
    if isinstance(h, typing.TypeVar) or isinstance(h, (str, typing.ForwardRef)):
        return True
    origin, args = typing.get_origin(h), typing.get_args(h)
    if origin is typing.Union or (hasattr(types, "UnionType") and origin is types.UnionType):
        return any(conforms(v, a) for a in args)
    if origin is typing.Literal:
        return v in args
    if origin is None:
        if h is float:
            return isinstance(v, (int, float)) and not isinstance(v, bool)
        if h is complex:
            return isinstance(v, (int, float, complex)) and not isinstance(v, bool)
        if isinstance(h, type):
            return isinstance(v, h)
        return True
    if origin is collections.abc.Callable:
        return callable(v)
    if not isinstance(origin, type):
        return True
    if not isinstance(v, origin):
        return False
    if not args:
        return True
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(x, args[0]) for x in v)
        if args == ((),):
            return len(v) == 0
        return len(args) == len(v) and all(conforms(x, a) for x, a in zip(v, args))
    if issubclass(origin, collections.abc.Mapping) and len(args) == 2:
        return all(conforms(k, args[0]) and conforms(x, args[1]) for k, x in v.items())
    if issubclass(origin, collections.abc.Collection) and not isinstance(v, (str, bytes)):
        return all(conforms(x, args[0]) for x in v)
    return True

def vague(h):
    return h is typing.Any or h is object
'''
# ---- task-specific part -------------------------------------------------
# band_total's argument `drop` is renamed `drop_lowest`; `drop=` keeps
# working but warns. band_total must have a parameter named drop_lowest
# (inspect.signature, so a functools.wraps decorator is fine) that still
# takes the second positional place. On hidden marks, band_total with
# drop_lowest=k, positionally, with the default, and with the old drop=k
# must give the starting results (or exception types); the old keyword
# must warn whenever it drops one or more marks (drop=0 may stay silent),
# with a DeprecationWarning, PendingDeprecationWarning or FutureWarning,
# or any warning whose message says "deprecat"; the other calls must not
# warn. band_average, placings, result_lines and `python -m
# bandcontest.contest` (run with deprecation warnings as errors) give the
# starting output, so no code of the project still calls drop=. The suite
# must pass, also with those warnings as errors (a test of the old keyword
# inside assertWarns is fine). In README.md, a paragraph that still shows
# `drop=` must mention drop_lowest or say it is deprecated.
MOD = "bandcontest/marks.py"
MARKS = [[88, 91, 90, 79], [70, 95, 94], [86, 86, 86], [100], [60, 99, 45, 81, 77], [0, 100]]
ERRORS = [([88, 91], 2), ([88, 91], -1), ([50, 101], 0), ([], 0)]
SCRIPT = r'''
import json, warnings
import bandcontest.marks as m
NEW = %r
def dep(w):
    return issubclass(w.category, (DeprecationWarning, PendingDeprecationWarning, FutureWarning)) or \
        "deprecat" in str(w.message).lower()
def call(*a, **k):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = m.band_total(*a, **k)
        except Exception as exc:
            r = type(exc).__name__
    return [r, any(dep(w) for w in caught)]
out = {"new": [], "pos": [], "old": [], "default": [], "err": []}
for marks in %r:
    out["default"].append(call(marks))
    for k in range(len(marks)):
        out["new"].append(call(marks, **{NEW: k}))
        out["pos"].append(call(marks, k))
        out["old"].append(call(marks, drop=k) + [k])
for marks, k in %r:
    out["err"] += [call(marks, **{NEW: k}), call(marks, drop=k)]
print(json.dumps(out))
'''
SHEET = """# Spring contest, championship section
Black Dyke: 91, 93, 90
Brighouse & Rastrick: 92, 88, 95
Cory: 85, 93, 94
Foden's: 90, 90, 89
Fairey: 77, 95, 96
"""
OTHERS = r'''
import json
from bandcontest.contest import read_sheet, result_lines
from bandcontest.marks import band_average, placings
r = read_sheet(%r.splitlines())
out = []
for d in (0, 1, 2):
    out.append(placings(r, d))
    out.append(placings(r, discard=d))
    out.append(result_lines(r, d, True))
    out.append([band_average(x, d) for x in r.values()])
print(json.dumps(out))
''' % (SHEET,)
WERROR = ["-W", "error::DeprecationWarning", "-W", "error::PendingDeprecationWarning", "-W", "error::FutureWarning"]


def _check(root, original, summary):
    bad = _basics(root, original, [MOD, "bandcontest/contest.py"])
    if bad:
        return False, bad
    ok, params, out = _py_out(root, "import inspect, json\nfrom bandcontest.marks import band_total\n"
                              "print(json.dumps(list(inspect.signature(band_total).parameters)))")
    params = _last_json(params) if ok else None
    if not isinstance(params, list) or "drop_lowest" not in params:
        return False, "band_total has no parameter drop_lowest: %r" % (params or out,)
    ok, want, out = _py_original(original, SCRIPT % ("drop", MARKS, ERRORS))
    if not ok:
        return False, "could not run the starting code: " + out
    ok, got, out = _py_out(root, SCRIPT % ("drop_lowest", MARKS, ERRORS))
    if not ok:
        return False, "band_total fails: " + out
    want, got = _last_json(want), _last_json(got)
    if not isinstance(got, dict):
        return False, "no results"
    labels = {"new": "band_total(marks, drop_lowest=k)", "pos": "band_total(marks, k)",
              "default": "band_total(marks)", "old": "band_total(marks, drop=k)"}
    for key, label in labels.items():
        for w, g in zip(want[key], got[key]):
            if g[0] != w[0]:
                return False, "%s gives %r, expected %r" % (label, g[0], w[0])
            if key == "old" and not g[1] and g[2] != 0:
                return False, "%s gives no deprecation warning" % label
            if key != "old" and g[1]:
                return False, "%s gives a deprecation warning" % label
        if len(got[key]) != len(want[key]):
            return False, "results missing"
    for (marks, k), w, g in zip([e for e in ERRORS for _ in (0, 1)], want["err"], got["err"]):
        if w[0] != g[0]:
            return False, "band_total(%r, %d) gives %r, expected %r" % (marks, k, g[0], w[0])
    ok, want, out = _py_original(original, OTHERS)
    if not ok:
        return False, "could not run the starting code: " + out
    rc, got, err = _run(root, WERROR + ["-c", OTHERS])
    if rc != 0 or _last_json(got) != _last_json(want):
        return False, "placings/band_average/result_lines changed or warn: %r" % ((got + err)[-600:],)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            f = Path(tmp) / "sheet.txt"
            f.write_text(SHEET, encoding="utf-8")
            start = Path(tmp) / "start"
            start.mkdir()
            _materialise(original, start)
            for args in ([], ["--discard", "1"], ["--discard", "2", "--averages"]):
                want = _run(start, ["-m", "bandcontest.contest", str(f)] + args)
                got = _run(root, WERROR + ["-m", "bandcontest.contest", str(f)] + args)
                if got[:2] != want[:2]:
                    return False, "python -m bandcontest.contest %s gave %r, expected %r" % (
                        " ".join(args), got, want[:2])
    except Exception as exc:
        return False, "could not run the command: %r" % (exc,)
    readme = _read(root, "README.md") or ""
    for para in re.split(r"\n\s*\n", readme):
        if re.search(r"(?<![A-Za-z0-9_])drop\s*=", para) and not re.search(r"drop_lowest|deprecat", para, re.I):
            return False, "README.md still shows drop=: %r" % para.strip()[:200]
    bad = _suite(root, original)
    if bad:
        return False, bad
    rc, out, err = _run(root, WERROR + ["-m", "unittest", "discover", "-s", "tests", "-p", "test*.py"])
    if rc != 0:
        return False, "with deprecation warnings as errors the tests fail (a test still calls drop=?): " + \
            (out + err).strip()[-800:]
    return True, "band_total takes drop_lowest; drop= still works with a deprecation warning; callers updated"


def check(root, original, summary):
    """(passed, detail) for the end state in `root`; never raises."""
    try:
        return _check(Path(root), original, summary or "")
    except Exception as exc:  # a check must never raise
        return False, "check error: %r" % (exc,)
