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
# Pages are numbered from 1: page N shows items (N-1)*per_page up to
# N*per_page, and page_count is the number of pages needed, at least one
# (an empty log has one empty page, as a starting test pins). Oracle:
# page_count(t, p) = max(1, ceil(t / p)) for t 0..40 and p 1..12; page() on
# lists of 0..23 items, per_page 1..7 (and the default 10), every page from
# -1 to count+2 (a page out of range raises ValueError). The CLI on two
# hidden logs (20 and 27 batches) must print, for each page asked, exactly
# the starting format_batch lines of the right batches (newest first) and
# the footer "page N of M (T batches)"; a page past the end exits non-zero
# without listing batches. The suite must pass.
import math

MOD = "roastery/log.py"


def _pc(total, per):
    return max(1, math.ceil(total / per))


def _pg(n, k, per):
    if not 1 <= k <= _pc(n, per):
        return "ValueError"
    items = list(range(n))
    return items[(k - 1) * per:k * per]


CALLS = []
for n in range(0, 24):
    for per in range(1, 8):
        for k in range(-1, _pc(n, per) + 3):
            CALLS.append((n, k, per))
FUNCS = r'''
import json
from roastery.log import page, page_count
out = {"count": [], "page": [], "default": []}
for t in range(0, 41):
    for p in range(1, 13):
        out["count"].append(page_count(t, p))
for n, k, per in %r:
    try:
        out["page"].append(list(page(list(range(n)), k, per)))
    except ValueError:
        out["page"].append("ValueError")
for n, k in [(20, 1), (20, 2), (20, 3), (21, 3), (9, 1), (10, 2), (0, 1)]:
    try:
        out["default"].append(list(page(list(range(n)), k)))
    except ValueError:
        out["default"].append("ValueError")
    out["default"].append(page_count(n))
print(json.dumps(out))
''' % (CALLS,)

BEANS = ["Ethiopia Guji", "Colombia Huila", "Brazil Cerrado", "Kenya Nyeri", "Peru Cajamarca"]


def _log(n, first):
    rows = ["date,batch,bean,roast,green_kg,roasted_kg"]
    for i in range(n):
        bean = BEANS[(i * 3) % len(BEANS)]
        green = (6.0, 8.0, 10.0, 12.0)[i % 4]
        rows.append("2025-%02d-%02d,%d,%s,%s,%.1f,%.1f" % (4 + i // 28, 1 + i % 28, first + i, bean,
                                                          ("light", "medium", "dark")[i % 3], green, green * 0.85))
    return "\n".join(rows) + "\n"


LOGS = {"twenty.csv": _log(20, 700), "long.csv": _log(27, 900)}
RUNS = [  # (file, args, page, per_page, bean)
    ("twenty.csv", [], 1, 10, None),
    ("twenty.csv", ["--page", "2"], 2, 10, None),
    ("twenty.csv", ["--page", "3"], 3, 10, None),
    ("long.csv", [], 1, 10, None),
    ("long.csv", ["--page", "3"], 3, 10, None),
    ("long.csv", ["--page", "4"], 4, 10, None),
    ("long.csv", ["--per-page", "4", "--page", "7"], 7, 4, None),
    ("long.csv", ["--page", "2", "--per-page", "9"], 2, 9, None),
    ("long.csv", ["--per-page", "9", "--page", "3"], 3, 9, None),
    ("long.csv", ["--bean", "kenya nyeri", "--per-page", "2", "--page", "2"], 2, 2, "kenya nyeri"),
    ("long.csv", ["--bean", "kenya nyeri", "--per-page", "3", "--page", "2"], 2, 3, "kenya nyeri"),
]
EXPECT = r'''
import json, math
from roastery.batches import load_log
from roastery.log import format_batch, newest_first
out = []
for name, args, k, per, bean in %r:
    batches = newest_first(load_log(name))
    if bean:
        batches = [b for b in batches if b.bean.lower() == bean]
    pages = max(1, math.ceil(len(batches) / per))
    if not 1 <= k <= pages:
        out.append(None)
        continue
    lines = [format_batch(b) for b in batches[(k - 1) * per:k * per]]
    out.append(lines + ["page %%d of %%d (%%d batches)" %% (k, pages, len(batches))])
print(json.dumps(out))
''' % (RUNS,)


def _check(root, original, summary):
    bad = _basics(root, original, [MOD, "roastery/batches.py"])
    if bad:
        return False, bad
    ok, got, out = _py_out(root, FUNCS)
    if not ok:
        return False, "the pagination code fails: " + out
    got = _last_json(got)
    if not isinstance(got, dict):
        return False, "no results from page()/page_count()"
    i = 0
    for t in range(0, 41):
        for p in range(1, 13):
            if got["count"][i] != _pc(t, p):
                return False, "page_count(%d, %d) is %r, expected %d" % (t, p, got["count"][i], _pc(t, p))
            i += 1
    for (n, k, per), g in zip(CALLS, got["page"]):
        want = _pg(n, k, per)
        if g != want:
            return False, "page(<%d items>, %d, per_page=%d) gives %r, expected %r" % (n, k, per, g, want)
    if len(got["page"]) != len(CALLS):
        return False, "page() results missing"
    want_default = []
    for n, k in [(20, 1), (20, 2), (20, 3), (21, 3), (9, 1), (10, 2), (0, 1)]:
        want_default += [_pg(n, k, 10), _pc(n, 10)]
    if got["default"] != want_default:
        return False, "with the default ten per page: %r, expected %r" % (got["default"], want_default)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            start = Path(tmp) / "start"
            start.mkdir()
            _materialise(original, start)
            for name, text in LOGS.items():
                (start / name).write_text(text, encoding="utf-8")
                (Path(tmp) / name).write_text(text, encoding="utf-8")
            ok, expect, out = _py_out(start, EXPECT)
            if not ok:
                return False, "could not run the starting code: " + out
            expect = _last_json(expect)
            for (name, args, k, per, bean), want in zip(RUNS, expect):
                cmd = ["-m", "roastery.log", str(Path(tmp) / name)] + args
                rc, out, err = _run(root, cmd)
                lines = [l.rstrip() for l in out.splitlines() if l.strip()]
                shown = "%s %s" % (name, " ".join(args))
                if want is None:
                    if rc == 0 or any("#" in l for l in lines):
                        return False, "%s should be refused (no such page) but printed %r" % (shown, (rc, out[-400:]))
                elif rc != 0 or lines != want:
                    return False, "%s printed %r, expected %r" % (shown, (rc, lines, err[-300:]), want)
    except Exception as exc:
        return False, "could not run the command: %r" % (exc,)
    bad = _suite(root, original)
    if bad:
        return False, bad
    return True, "pages start at the right batch and the page count is right; tests pass"


def check(root, original, summary):
    """(passed, detail) for the end state in `root`; never raises."""
    try:
        return _check(Path(root), original, summary or "")
    except Exception as exc:  # a check must never raise
        return False, "check error: %r" % (exc,)
