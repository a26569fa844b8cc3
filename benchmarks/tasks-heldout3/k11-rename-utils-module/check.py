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


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
import importlib
h = importlib.import_module("weatherlog.helpers")
assert h.parse_timestamp("2024-05-01T06:00").hour == 6
assert h.mean_of([1, 2]) == 1.5
try:
    importlib.import_module("weatherlog.utils")
except ModuleNotFoundError:
    pass
else:
    raise AssertionError("weatherlog.utils can still be imported")
from weatherlog.reader import parse_lines
from weatherlog.summary import daily_means
r = parse_lines(["2024-01-02T03:04 temp=1.0", "2024-01-02T05:00 temp=3.0"])
assert daily_means(r) == {"2024-01-02": 2.0}, daily_means(r)
print("OK")
'''

OLD_IMPORT = re.compile(
    r"^\s*(from\s+(\.|weatherlog\.)utils\b|import\s+weatherlog\.utils\b|from\s+(\.|weatherlog)\s+import\s+(\(\s*)?([\w\s,]*,\s*)?utils\b)",
    re.M,
)


def _check(root, original, summary):
    if (root / "weatherlog" / "utils.py").exists():
        return False, "weatherlog/utils.py still exists"
    if not (root / "weatherlog" / "helpers.py").exists():
        return False, "weatherlog/helpers.py does not exist"
    for p in _py_files(root):
        text = p.read_text(encoding="utf-8", errors="replace")
        if OLD_IMPORT.search(text):
            return False, "%s still imports the old utils module" % p.relative_to(root)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "package broken after rename: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "module renamed to helpers; imports updated"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
