# Check for a held-out benchmark task (tasks-heldout15). Standard library only.
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
NEW_MODULE = "cavekeeper/fmt.py"
USERS = {"cavekeeper/wheels.py": ("_kg", "_age"), "cavekeeper/sales.py": ("_weight", "_months_days")}
OLD_HELPERS = ("_kg", "_age", "_weight", "_months_days")
FORMATTING = re.compile(r"\bmo\b|(?:%d|%s|\})\s*g\b|(?:%\.2f|:\.2f\})\s*kg\b")

HIDDEN = r'''
from datetime import date
from cavekeeper.fmt import format_age, format_weight
from cavekeeper.sales import price_line, price_pence
from cavekeeper.wheels import Wheel, cave_report, wheel_line

for grams, want in [(0, "0 g"), (5, "5 g"), (999, "999 g"), (1000, "1.00 kg"), (1004, "1.00 kg"),
                    (1006, "1.01 kg"), (12345, "12.35 kg"), (250000, "250.00 kg")]:
    got = format_weight(grams)
    assert got == want, "format_weight(%r) = %r, expected %r" % (grams, got, want)
for days, want in [(0, "0 d"), (1, "1 d"), (29, "29 d"), (30, "1 mo 0 d"), (31, "1 mo 1 d"),
                   (59, "1 mo 29 d"), (60, "2 mo 0 d"), (247, "8 mo 7 d"), (365, "12 mo 5 d")]:
    got = format_age(days)
    assert got == want, "format_age(%r) = %r, expected %r" % (days, got, want)
today = date(2025, 3, 1)
wheels = [Wheel("WR-101", "washed", date(2025, 2, 14), 950), Wheel("GR-020", "alpine", date(2024, 9, 3), 11000),
          Wheel("BL-009", "blue", date(2024, 8, 31), 2580)]
report = cave_report(wheels, today)
assert report == ["BL-009  Cave blue  2.58 kg  6 mo 2 d", "GR-020  Alpine tomme  11.00 kg  5 mo 29 d",
                  "WR-101  Washed rind  950 g  15 d", "Total  14.53 kg in 3 wheels"], report
lines = [price_line(w, today) for w in wheels]
assert lines == ["WR-101  950 g at 28.00/kg = 26.60  (15 d)",
                 "GR-020  11.00 kg at 24.00/kg = 264.00  (5 mo 29 d)",
                 "BL-009  2.58 kg at 30.00/kg = 77.40  (6 mo 2 d)"], lines
assert wheel_line(wheels[1], date(2024, 9, 4)) == "GR-020  Alpine tomme  11.00 kg  1 d"
print("OK")
'''


def _imports_fmt(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = ("." * node.level) + (node.module or "")
            if mod in ("cavekeeper.fmt", ".fmt"):
                return True
            if mod in ("cavekeeper", ".") and any(a.name == "fmt" for a in node.names):
                return True
        if isinstance(node, ast.Import) and any(a.name == "cavekeeper.fmt" for a in node.names):
            return True
    return False


def _module_problem(rel, src):
    try:
        tree = ast.parse(src)
    except SyntaxError as exc:
        return "%s does not parse: %s" % (rel, exc)
    bare = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in OLD_HELPERS:
            return "%s still defines its own %s" % (rel, node.name)
        if isinstance(node, ast.Name) and node.id in OLD_HELPERS:
            return "%s still uses %s (line %d)" % (rel, node.id, node.lineno)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in bare \
                and FORMATTING.search(node.value):
            return "%s still formats weights or ages itself (line %d: %r)" % (rel, node.lineno, node.value)
        if isinstance(node, ast.JoinedStr):
            parts = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            if FORMATTING.search(parts):
                return "%s still formats weights or ages itself (line %d)" % (rel, node.lineno)
    if not _imports_fmt(tree):
        return "%s does not import from cavekeeper.fmt" % rel
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
           {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for name in ("format_weight", "format_age"):
        if name not in used:
            return "%s does not use %s" % (rel, name)
    return None


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    defs = _top_defs(_read(root, NEW_MODULE))
    if defs is None:
        return False, "%s is missing or does not parse" % NEW_MODULE
    for name in ("format_weight", "format_age"):
        if name not in defs:
            return False, "%s does not define %s" % (NEW_MODULE, name)
    for rel in USERS:
        src = _read(root, rel)
        if src is None:
            return False, "%s is missing" % rel
        problem = _module_problem(rel, src)
        if problem:
            return False, problem
    for rel, text in sorted(_text_files(root, (".py",)).items()):
        if rel.startswith("tests/") and re.search(r"\b(%s)\b" % "|".join(OLD_HELPERS), text):
            return False, "%s still refers to an old private helper" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "the formatting or the reports changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "format_weight and format_age live in cavekeeper/fmt.py and both modules use them; output unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
