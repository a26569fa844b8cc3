# Check for a held-out benchmark task (tasks-heldout22). Standard library only.
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
# The bug: start times like "9:30" are compared as strings, so morning
# displays with a one-digit hour sort after the afternoon and `up_next`
# misses them. A hidden 12-display programme (7:50 to 17:40, two displays
# at the same time in different arenas, 9:05 vs 10:00 vs 13:05) is used:
# running_order (all arenas, and one arena given in lower case) must list
# every display by real start time (displays starting together may come in
# any order); up_next for nine times (single-digit and zero-padded hours, a
# time equal to a start, after the last) must give a display with the
# earliest start strictly after the time, or None. clashes() must be as in
# the starting code. The CLI with --now (and --arena) must print the same
# lines as the starting code prints for each display, in time order, with
# the same CLASH lines and the right "Up next" line; lines are compared with
# whitespace collapsed and a leading zero on an hour ignored, so padding the
# times when they are read also passes. Fixing only programme.csv fails.
HIDDEN = """arena,start,minutes,title,flyer
Main,13:05,25,Box Kite Relay,Ridge Flyers
Family,9:05,30,Windsock Workshop,Festival Volunteers
Main,9:55,15,Dawn Patrol,Hallam Kite Club
Beach,9:55,20,Sand Yachts,Coast Traction
Main,10:00,40,Stunt Team Pairs,Aerial Tricks
Family,12:30,45,Paper Kites,Festival Volunteers
Main,7:50,30,Sunrise Rokkaku,Patang Friends
Beach,17:40,20,Last Light Power Kites,Coast Traction
Family,10:10,30,Tiny Tots Flying,Festival Volunteers
Main,11:45,20,Giant Gecko,Moorland Inflatables
Beach,14:00,60,Kite Buggy Race,Coast Traction
Main,13:20,30,Fighter Kite Duel,Patang Friends
"""
NOWS = [("9:50", None), ("09:50", None), ("10:00", None), ("7:00", None), ("13:05", None),
        ("12:00", "family"), ("9:00", "Beach"), ("17:40", None), ("9:56", "main")]
SCRIPT = r'''
import json
from kitefest import programme as p
displays = p.parse_programme(%r)
out = {"order": [d.title for d in p.running_order(displays)],
       "family": [d.title for d in p.running_order(displays, "family")],
       "next": [], "clashes": [list(c) for c in p.clashes(displays)],
       "one": {d.title: p.programme_lines([d]) for d in displays}}
for now, arena in %r:
    d = p.up_next(displays, now, arena) if arena else p.up_next(displays, now)
    out["next"].append(d.title if d is not None else None)
print(json.dumps(out))
''' % (HIDDEN, NOWS)


def _mins(clock):
    h, m = clock.split(":")
    return int(h) * 60 + int(m)


ROWS = [r.split(",") for r in HIDDEN.strip().splitlines()[1:]]
START = {r[3]: _mins(r[1]) for r in ROWS}
ARENA = {r[3]: r[0] for r in ROWS}


def _in_order(titles, arena=None):
    want = sorted(t for t in START if arena is None or ARENA[t].lower() == arena.lower())
    if sorted(titles or []) != want:
        return False
    starts = [START[t] for t in titles]
    return starts == sorted(starts)


def _norm(line):
    line = re.sub(r"(?<![\d:])0(\d:\d\d)", r"\1", line)
    return " ".join(line.split())


def _next_ok(got, now, arena):
    later = [t for t in START if START[t] > _mins(now)
             and (arena is None or ARENA[t].lower() == arena.lower())]
    if not later:
        return got is None
    first = min(START[t] for t in later)
    return got in [t for t in later if START[t] == first]


def _check(root, original, summary):
    bad = _basics(root, original, ["kitefest/programme.py"])
    if bad:
        return False, bad
    ok, before, out = _py_original(original, SCRIPT)
    if not ok:
        return False, "could not run the starting code: " + out
    before = _last_json(before)
    ok, after, out = _py_out(root, SCRIPT)
    if not ok:
        return False, "the programme code fails on a hidden programme: " + out
    after = _last_json(after)
    if not isinstance(after, dict):
        return False, "no results from the hidden programme"
    if not _in_order(after.get("order")):
        return False, "running order is still wrong: %r" % (after.get("order"),)
    if not _in_order(after.get("family"), "family"):
        return False, "running order for one arena is wrong: %r" % (after.get("family"),)
    for (now, arena), got in zip(NOWS, after.get("next") or []):
        if not _next_ok(got, now, arena):
            return False, "up_next(%r%s) gave %r" % (now, ", %r" % arena if arena else "", got)
    if len(after.get("next") or []) != len(NOWS):
        return False, "up_next results missing"
    if after.get("clashes") != before["clashes"]:
        return False, "clashes changed: %r, was %r" % (after.get("clashes"), before["clashes"])
    one = before["one"]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            f = Path(tmp) / "programme.csv"
            f.write_text(HIDDEN, encoding="utf-8")
            for args, arena, now in ((["--now", "9:50"], None, "9:50"),
                                     (["--arena", "Family", "--now", "10:00"], "Family", "10:00"),
                                     (["--now", "8:05"], None, "8:05")):
                rc, out, err = _run(root, ["-m", "kitefest.programme", str(f)] + args)
                if rc != 0:
                    return False, "the command failed: " + err[-400:]
                lines = [_norm(l) for l in out.splitlines() if l.strip()]
                titles = sorted((t for t in START if arena is None or ARENA[t] == arena),
                                key=lambda t: (START[t], ARENA[t]))
                want_lines = [_norm(one[t][0]) for t in titles]
                body = lines[:len(want_lines)]
                if sorted(body) != sorted(want_lines) or not _in_order(
                        [next((t for t in titles if _norm(one[t][0]) == l), "?") for l in body], arena):
                    return False, "`%s` printed %r" % (" ".join(args), out[-600:])
                rest = lines[len(want_lines):]
                clash = [_norm("CLASH: %s / %s" % tuple(c)) for c in before["clashes"]]
                if rest[:-1] != clash:
                    return False, "`%s` clash lines: %r" % (" ".join(args), rest[:-1])
                later = [t for t in titles if START[t] > _mins(now)]
                first = min(START[t] for t in later)
                good = [_norm("Up next: %s at %s (%s)" % (t, "%d:%02d" % divmod(first, 60), ARENA[t]))
                        for t in later if START[t] == first]
                if not rest or rest[-1] not in good:
                    return False, "`%s` says %r, expected %r" % (" ".join(args), rest[-1:] or out[-200:], good)
    except Exception as exc:
        return False, "could not run the command: %r" % (exc,)
    bad = _suite(root, original)
    if bad:
        return False, bad
    return True, "displays sort and come up next by real time; tests pass"


def check(root, original, summary):
    """(passed, detail) for the end state in `root`; never raises."""
    try:
        return _check(Path(root), original, summary or "")
    except Exception as exc:  # a check must never raise
        return False, "check error: %r" % (exc,)
