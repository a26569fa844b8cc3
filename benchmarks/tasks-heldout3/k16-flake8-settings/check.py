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
import configparser


def _codes(value):
    return {c.strip().upper() for c in re.split(r"[,\s]+", value or "") if c.strip()}


def _check(root, original, summary):
    text = _read(root, "setup.cfg")
    if text is None:
        return False, "setup.cfg is missing"
    cp = configparser.ConfigParser(interpolation=None)
    try:
        cp.read_string(text)
    except configparser.Error as exc:
        return False, "setup.cfg does not parse: %s" % exc
    if not cp.has_section("flake8"):
        return False, "no [flake8] section in setup.cfg"
    f8 = cp["flake8"]
    if f8.get("max-line-length", "").strip() != "100":
        return False, "flake8 max-line-length is %r" % f8.get("max-line-length")
    ignored = _codes(f8.get("extend-ignore")) | _codes(f8.get("ignore"))
    if "E203" not in ignored or "W503" not in ignored:
        return False, "flake8 ignores %r; want E203 and W503" % sorted(ignored)
    if "exclude" not in f8 or "__pycache__" not in f8["exclude"]:
        return False, "flake8 exclude setting was lost"
    if cp.get("metadata", "version", fallback=None) != "0.3.0" or cp.get("metadata", "name", fallback=None) != "csvclean":
        return False, "[metadata] was changed"
    if "csvclean = csvclean.cli:main" not in cp.get("options.entry_points", "console_scripts", fallback=""):
        return False, "[options.entry_points] was changed"
    if cp.get("tool:pytest", "testpaths", fallback=None) != "tests":
        return False, "[tool:pytest] was changed"
    if (root / ".flake8").exists():
        return False, "a separate .flake8 file was created; the setting belongs in setup.cfg"
    return True, "flake8: max-line-length 100, E203 and W503 ignored"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
