# Check for a held-out benchmark task (tasks-heldout32). Standard library only.
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
def _start_copy(original, dest, patches=()):
    """Write the starting files into folder `dest`, applying (relative path, old,
    new) source patches; a message on failure, else None."""
    if not _materialise(original, Path(dest)):
        return "no starting files given"
    for rel, old, new in patches:
        p = Path(dest) / rel
        text = p.read_text(encoding="utf-8")
        if old not in text:
            return "the oracle patch did not apply to %s" % rel
        p.write_text(text.replace(old, new), encoding="utf-8")
    return None


def _shown(args):
    return " ".join(Path(a).name if os.path.isabs(a) else a for a in args)


def _same_runs(root, start, runs):
    """Run each argument list in the oracle copy `start` and in `root`; a message
    at the first difference (output or exit status), else None."""
    for args in runs:
        rc, want, err = _run(start, args)
        if "Traceback" in err:
            return "could not run the oracle: %s %s" % (_shown(args), err[-300:])
        rc2, got, err2 = _run(root, args)
        if "Traceback" in err2 or rc2 != rc or got != want:
            return "python %s printed %r (exit %d), expected %r (exit %d) %s" % (
                _shown(args), got[-700:], rc2, want[-700:], rc, err2[-300:])
    return None


def _write_hidden(folder, files):
    """Write {name: text} into `folder`; {name: absolute path str}."""
    out = {}
    for name, text in files.items():
        p = Path(folder) / name
        p.write_text(text, encoding="utf-8")
        out[name] = str(p)
    return out


def _same_snippet(root, start, code, label):
    """Run a Python snippet in the oracle copy `start` and in `root`; a message if
    the end state fails or prints something else, else None."""
    ok, want, tail = _py_out(start, code)
    if not ok:
        return "could not run the oracle for %s: %s" % (label, tail[-300:])
    ok2, got, tail2 = _py_out(root, code)
    if not ok2 or got != want:
        return "%s gave %r, expected %r %s" % (label, got[-600:], want[-600:], "" if ok2 else tail2[-300:])
    return None

# litres(side_cm, depth_cm) is side squared times depth over 1000 (the
# starting code used `^`, which is XOR in Python). Oracle = the starting
# code with `^` made `**`. litres() on hidden sizes (isclose), and both
# commands on hidden pit files and pits.csv (unchanged) print the oracle's
# output. The suite passes.
PATCH = [("sandpit/sand.py", "(side_cm ^ 2)", "(side_cm ** 2)")]
SIZES = [(120, 30), (100, 25), (151, 20), (90, 35), (200, 40), (1, 1), (75, 18), (64, 8), (33, 33)]
LITRES = ("import json\nfrom sandpit.sand import litres\n"
          "print(json.dumps([litres(s, d) for s, d in %r]))\n" % (SIZES,))
HIDDEN = {
    "p1.csv": "site,side_cm,depth_cm\nHazel Room,110,28\nWillow Room,64,20\nGarden Pit,240,40\nTiny Tots,75,15\n",
    "p2.csv": "depth_cm,site,side_cm\n30,Bumblebees,130\n",
    "p3.csv": "site,side_cm,depth_cm\nForest School,180,45\nMud Kitchen,96,12\n",
}


def _check(root, original, summary):
    bad = _basics(root, original, ["sandpit/sand.py", "sandpit/order.py", "sandpit/topup.py"])
    if bad:
        return False, bad
    if _read(root, "pits.csv") != _orig(original, "pits.csv"):
        return False, "pits.csv was changed; the pits should stay as they are"
    import json
    import math
    try:
        with tempfile.TemporaryDirectory() as tmp:
            start = Path(tmp) / "start"
            bad = _start_copy(original, start, PATCH)
            if bad:
                return False, bad
            ok, want, tail = _py_out(start, LITRES)
            if not ok:
                return False, "could not run the oracle: " + tail
            ok, got, tail = _py_out(root, LITRES)
            if not ok:
                return False, "litres() failed: " + tail
            want, got = json.loads(want), json.loads(got)
            for (s, d), w, g in zip(SIZES, want, got):
                if not isinstance(g, (int, float)) or not math.isclose(g, w, rel_tol=1e-9, abs_tol=1e-9):
                    return False, "litres(%d, %d) gave %r, expected %r" % (s, d, g, w)
            files = list(_write_hidden(tmp, HIDDEN).values()) + [str(Path(root) / "pits.csv")]
            runs = [["-m", "sandpit.order", f] for f in files]
            runs += [["-m", "sandpit.topup", f, cm] for f, cm in zip(files, ("5", "3", "10", "7"))]
            bad = _same_runs(root, start, runs)
            if bad:
                return False, bad
    except Exception as exc:
        return False, "could not run the code: %r" % (exc,)
    bad = _suite(root, original)
    if bad:
        return False, bad
    return True, "litres() squares the side; the order and top-up sheet are right"


def check(root, original, summary):
    """(passed, detail) for the end state in `root`; never raises."""
    try:
        return _check(Path(root), original, summary or "")
    except Exception as exc:  # a check must never raise
        return False, "check error: %r" % (exc,)
