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
USERS = ("glasshouse/sensors.py", "glasshouse/alerts.py", "glasshouse/report.py")

HIDDEN = r'''
from glasshouse.units import to_celsius
from glasshouse.sensors import Reading, parse_line, parse_lines
from glasshouse.alerts import alert_for, alerts
from glasshouse.report import daily_min_max, render

for f, want in [(32, 0.0), (212, 100.0), (98.6, 37.0), (-40, -40.0), (78.8, 26.0),
                (50.5, 10.3), (0, -17.8), (451, 232.8), (35.5, 1.9)]:
    got = to_celsius(f)
    assert abs(got - want) < 1e-9, "to_celsius(%r) = %r, expected %r" % (f, got, want)
got = to_celsius(fahrenheit=212)
assert abs(got - 100.0) < 1e-9, got
assert parse_line("b7 12:00 95.9F") == Reading("b7", "12:00", 35.5), parse_line("b7 12:00 95.9F")
assert [r.celsius for r in parse_lines(["b1 01:00 35.5F", "#x", "b2 01:00 -4f"])] == [1.9, -20.0]
assert alert_for("b4", 35.6) == "FROST b4: 2.0 C", alert_for("b4", 35.6)
assert alert_for("b4", 35.7) is None, alert_for("b4", 35.7)
assert alert_for("b5", 95.0) == "HEAT b5: 35.0 C", alert_for("b5", 95.0)
assert alerts([("a", 20), ("b", 60), ("c", 104)]) == ["FROST a: -6.7 C", "HEAT c: 40.0 C"]
assert daily_min_max({"x": [35.5, 80.1], "y": [61]}) == {"x": (1.9, 26.7), "y": (16.1, 16.1)}
lines = render({"y": [61], "x": [35.5, 80.1]}).splitlines()
assert [l.split() for l in lines[1:]] == [["x", "1.9", "26.7"], ["y", "16.1", "16.1"]], lines
print("OK")
'''

FORMULA_CONSTANTS = (32, 1.8)


def _uses_units(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            names = {a.name for a in node.names}
            if mod in ("glasshouse.units", "units") or mod.endswith(".units"):
                return True
            if (mod == "glasshouse" or (node.level and not mod)) and "units" in names:
                return True
        elif isinstance(node, ast.Import):
            if any(a.name == "glasshouse.units" for a in node.names):
                return True
    return False


def _own_formula(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
                and not isinstance(node.value, bool):
            if any(abs(node.value - c) < 1e-9 for c in FORMULA_CONSTANTS):
                return True
            if abs(node.value - 5.0 / 9.0) < 1e-3:
                return True
    return False


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    defs = _top_defs(_read(root, "glasshouse/units.py"))
    if defs is None:
        return False, "glasshouse/units.py is missing or does not parse"
    if "to_celsius" not in defs:
        return False, "glasshouse/units.py does not define to_celsius"
    for rel in USERS:
        src = _read(root, rel)
        try:
            tree = ast.parse(src or "")
        except SyntaxError:
            return False, "%s does not parse" % rel
        if src is None:
            return False, "%s is missing" % rel
        if _own_formula(tree):
            return False, "%s still does its own Fahrenheit conversion" % rel
        if not _uses_units(tree):
            return False, "%s does not import from glasshouse.units" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "behaviour changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "one to_celsius in glasshouse/units.py, used by sensors, alerts and report; behaviour unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
