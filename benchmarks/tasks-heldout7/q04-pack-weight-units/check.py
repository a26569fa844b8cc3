# Check for a held-out benchmark task (tasks-heldout7). Standard library only.
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


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
import re
from trailpack import format_summary, parse_items, total_weight
from trailpack.weight import total_weight as tw2
assert total_weight is tw2

PACK = parse_items("""tent, 1150
sleeping bag, 890
pegs, 12, 8
stove, 310
boots, 780, 1, worn
jacket, 420, 1, worn
trail mix, 200, 3, food
""")
GRAMS = {"carried": 3046.0, "all": 4246.0, "base": 2446.0, "food": 600.0, "worn": 1200.0}
OZ = 28.349523125

def close(got, want, rel=2e-3):
    return abs(got - want) <= max(rel * abs(want), 1e-9)

assert total_weight(PACK) == 3046.0, total_weight(PACK)
assert total_weight(PACK, unit="g") == 3046.0
assert total_weight(PACK, include_worn=True, unit="g") == 4246.0
got = total_weight(PACK, unit="kg")
assert close(got, 3.046), "kg: %r" % got
got = total_weight(PACK, include_worn=True, unit="kg")
assert close(got, 4.246), "kg incl. worn: %r" % got
got = total_weight(PACK, unit="oz")
assert close(got, 3046.0 / OZ), "oz: %r" % got
got = total_weight(PACK, unit="oz", include_worn=True)
assert close(got, 4246.0 / OZ), "oz incl. worn: %r" % got
for bad in ("lb", "KGS", "stone"):
    try:
        total_weight(PACK, unit=bad)
    except ValueError:
        pass
    else:
        raise AssertionError("unit=%r accepted" % bad)

plain = ["Base weight:  2446 g", "Food:         600 g", "Worn:         1200 g",
         "Total:        4246 g"]
assert format_summary(PACK).splitlines() == plain, format_summary(PACK)
assert format_summary(PACK, unit="g").splitlines() == plain, format_summary(PACK, unit="g")

labels = [("Base weight", "base"), ("Food", "food"), ("Worn", "worn"), ("Total", "all")]
for unit, factor in (("kg", 1000.0), ("oz", OZ)):
    text = format_summary(PACK, unit=unit)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 4, text
    for line, (label, key) in zip(lines, labels):
        assert line.startswith(label + ":"), "unexpected line %r" % line
        m = re.search(r"(\d+\.\d\d)\s*" + unit + r"\s*$", line)
        assert m, "line %r is not in %s with two decimals" % (line, unit)
        want = GRAMS[key] / factor
        assert abs(float(m.group(1)) - want) < 0.006 + want * 1e-3, (line, want)
print("OK")
'''


def _check(root, original, summary):
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "unit keyword not working as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "total_weight and format_summary accept unit g/kg/oz; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
