# Check for a held-out benchmark task. Standard library only.
import os
import re
import subprocess
import sys
from pathlib import Path


def _run(root, args, timeout=20):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    try:
        p = subprocess.run([sys.executable] + list(args), cwd=str(root),
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


_PLAIN_RUNNER = r'''
import importlib.util, pathlib, sys, traceback
ran = fails = 0
for f in sorted(pathlib.Path("tests").glob("test_*.py")):
    spec = importlib.util.spec_from_file_location("t_" + f.stem, f)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for n in sorted(dir(m)):
        if n.startswith("test_") and callable(getattr(m, n)):
            ran += 1
            try:
                getattr(m, n)()
            except Exception:
                fails += 1
                traceback.print_exc()
print("ran", ran, "failed", fails)
sys.exit(1 if fails or not ran else 0)
'''


def _plain_tests(root):
    """Run pytest-style test functions without pytest; (ok, output tail)."""
    return _py(root, _PLAIN_RUNNER)


def _read(root, rel):
    try:
        return (Path(root) / rel).read_text(encoding="utf-8")
    except Exception:
        return None


def _orig(original, rel):
    try:
        for k, v in (original or {}).items():
            if str(k).replace("\\", "/") == rel:
                return v.decode("utf-8") if isinstance(v, bytes) else str(v)
    except Exception:
        pass
    return None


def _py_files(root):
    out = []
    for p in sorted(Path(root).rglob("*.py")):
        parts = p.relative_to(root).parts
        if any(x in (".git", ".venv", "venv", "__pycache__") for x in parts):
            continue
        out.append(p)
    return out


_IGNORED_DIRS = {".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                 ".venv", "venv", ".tox", ".eggs"}


def _ignored(rel):
    parts = rel.split("/")
    if any(x in _IGNORED_DIRS for x in parts[:-1]):
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
            if any(x in _IGNORED_DIRS or x.endswith(".egg-info") for x in rel.split("/")[:-1]):
                continue
            if _ignored(rel):
                continue
            out[rel] = p.read_bytes()
        except Exception:
            continue
    return out


def _changed(root, original):
    """Relative paths added, removed or modified compared with `original`."""
    now = _snapshot(root)
    orig = {}
    for k, v in (original or {}).items():
        rel = str(k).replace("\\", "/")
        if _ignored(rel):
            continue
        orig[rel] = v if isinstance(v, bytes) else str(v).encode("utf-8")
    return sorted(k for k in set(now) | set(orig) if now.get(k) != orig.get(k))


def _exists(root, rel):
    return (Path(root) / rel).exists()


def _text_files(root, exts=(".py", ".md", ".txt", ".toml", ".cfg", ".ini", ".json", ".rst")):
    """{relative path: text} for project text files (caches skipped)."""
    out = {}
    for rel, data in _snapshot(root).items():
        if rel.endswith(exts):
            try:
                out[rel] = data.decode("utf-8")
            except Exception:
                out[rel] = data.decode("utf-8", "replace")
    return out


def _strip_docstrings(tree):
    import ast
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = getattr(node, "body", None)
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _same_code(a_src, b_src):
    """True when two Python sources have the same AST once docstrings are ignored."""
    import ast
    try:
        a = _strip_docstrings(ast.parse(a_src))
        b = _strip_docstrings(ast.parse(b_src))
    except SyntaxError:
        return False
    return ast.dump(a) == ast.dump(b)


# ---- task-specific part -------------------------------------------------
PROBE = r'''
import json, random
from trailmap import Point, read_track, total_distance_m, elevation_gain_m
from trailmap.segments import km_splits, split_at_gaps
rng = random.Random(7)
out = []
for t in range(12):
    lat, lon = rng.uniform(-70, 70), rng.uniform(-179, 179)
    pts = []
    for i in range(rng.randint(0, 60)):
        lat += rng.uniform(-0.004, 0.004)
        lon += rng.uniform(-0.004, 0.004)
        if rng.random() < 0.05:
            lat += 0.02
        pts.append(Point(lat, lon, rng.uniform(300, 2500)))
    out.append([total_distance_m(pts), elevation_gain_m(pts), km_splits(pts),
                [len(p) for p in split_at_gaps(pts, 800)]])
out.append(total_distance_m(read_track("0,179.9,0\n0,-179.9,0\n89.9,0,0\n-89.9,0,0\n")))
print(json.dumps(out))
'''
HIDDEN = r'''
import math, inspect
from trailmap.geo import haversine_m
params = list(inspect.signature(haversine_m).parameters)
assert params[:4] == ["lat1", "lon1", "lat2", "lon2"], params
def ref(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371000.0 * math.asin(math.sqrt(h))
for args in [(0, 0, 1, 0), (46.5, 8.0, 46.509, 8.0131), (-33.9, 151.2, 51.5, -0.12), (10, 10, 10, 10), (0, 179.9, 0, -179.9)]:
    got = haversine_m(*args)
    assert abs(got - ref(*args)) <= 1e-6 * max(1.0, ref(*args)), "haversine_m%r = %r, want %r" % (args, got, ref(*args))
print("OK")
'''
TRIG = {"sin", "cos", "asin", "acos", "atan2", "sqrt", "radians", "hypot"}


def _same_numbers(a, b):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_numbers(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-6 * max(1.0, abs(a))
    return a == b


def _check(root, original, summary):  # noqa: C901 (one flat list of the things the task asks for)
    import ast
    import json
    import tempfile
    src = _read(root, "trailmap/geo.py")
    if src is None:
        return False, "trailmap/geo.py does not exist"
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return False, "geo.py does not parse: %r" % (exc,)
    if not any(isinstance(n, ast.FunctionDef) and n.name == "haversine_m" for n in tree.body):
        return False, "geo.py has no top-level def haversine_m"
    for rel in ("trailmap/stats.py", "trailmap/segments.py"):
        text = _read(root, rel)
        if text is None:
            return False, "%s is missing" % rel
        try:
            t = ast.parse(text)
        except SyntaxError as exc:
            return False, "%s does not parse: %r" % (rel, exc)
        names = {n.id for n in ast.walk(t) if isinstance(n, ast.Name)} | \
                {n.attr for n in ast.walk(t) if isinstance(n, ast.Attribute)}
        if names & TRIG:
            return False, "%s still does its own trigonometry (%s)" % (rel, ", ".join(sorted(names & TRIG)))
        if "haversine_m" not in names:
            return False, "%s does not use haversine_m" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "haversine_m wrong: " + out
    tmp = Path(tempfile.mkdtemp(prefix="trailmap-orig-"))
    for rel, data in (original or {}).items():
        p = tmp / str(rel)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data if isinstance(data, bytes) else str(data).encode("utf-8"))
    ok0, before = _py(tmp, PROBE)
    ok1, after = _py(root, PROBE)
    if not ok0:
        return False, "could not run the original code: " + before
    if not ok1:
        return False, "public functions fail after the refactor: " + after
    try:
        same = _same_numbers(json.loads(before.splitlines()[-1]), json.loads(after.splitlines()[-1]))
    except Exception as exc:
        return False, "could not compare results: %r" % (exc,)
    if not same:
        return False, "distances, splits or gaps changed after the refactor"
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "haversine extracted to trailmap/geo.py and used by both modules; behaviour unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
