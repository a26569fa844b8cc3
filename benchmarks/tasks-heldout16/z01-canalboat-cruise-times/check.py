# Check for a held-out benchmark task (tasks-heldout16). Standard library only.
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


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
from narrowboat.legs import Leg
from narrowboat.timing import format_duration, leg_minutes, parse_clock, format_clock
from narrowboat.plan import timetable, plan_lines, total_minutes

for minutes, want in [(179.7, "3h00m"), (59.6, "1h00m"), (0, "0h00m"), (61.2, "1h01m"),
                      (125, "2h05m"), (45.2, "0h45m"), (600.4, "10h00m"), (239.99, "4h00m"),
                      (1439.8, "24h00m"), (90.4, "1h30m")]:
    got = format_duration(minutes)
    assert got == want, "format_duration(%r) = %r, expected %r" % (minutes, got, want)

assert abs(leg_minutes(Leg("x", 6.0, 2)) - 150.0) < 1e-9, "leg_minutes changed"

def hm(text):
    hh, mm = text.split(":")
    return int(hh) * 60 + int(mm)

trips = [
    ("09:00", [Leg("A", 2.33, 0), Leg("B", 2.33, 0), Leg("C", 2.33, 1)]),
    ("08:15", [Leg("Lock flight", 1.27, 7), Leg("Long pound", 11.39, 0), Leg("Tunnel", 2.06, 0),
               Leg("Junction", 0.44, 2), Leg("Moorings", 3.73, 1)]),
    ("10:40", [Leg("One", 4.18, 0)]),
    ("07:05", [Leg("a", 0.37, 0), Leg("b", 0.37, 0), Leg("c", 0.37, 0), Leg("d", 0.37, 0),
               Leg("e", 0.37, 0), Leg("f", 0.37, 0)]),
]
for start, legs in trips:
    rows = timetable(legs, start)
    assert [r[0] for r in rows] == [l.name for l in legs], "timetable names %r" % (rows,)
    cum = 0.0
    s = parse_clock(start)
    for (name, arrive), leg in zip(rows, legs):
        cum += leg_minutes(leg)
        got = hm(arrive)
        assert abs(got - (s + cum)) < 1.0 + 1e-9, "%s arrival %s but exact time is %.1f min after %s" % (name, arrive, cum, start)
    total = total_minutes(legs)
    want_last = format_clock(s + round(total))
    assert rows[-1][1] == want_last, ("start %s, total %s: last arrival %s, expected %s (rows %r)"
                                      % (start, format_duration(total), rows[-1][1], want_last, rows))
    lines = plan_lines(legs, start)
    assert lines[-1].strip().endswith(format_duration(total)), lines
    assert lines[-2].lstrip().startswith(want_last), lines
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    for rel in ("narrowboat/timing.py", "narrowboat/plan.py", "narrowboat/legs.py"):
        if _top_defs(_read(root, rel)) is None:
            return False, "%s is missing or does not parse" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "durations or arrival times are still wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 9:
        return False, "fewer tests ran than before: " + out
    return True, "durations never show 60 minutes and arrivals add up to the total; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
