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
import contextlib, io, json
import reportgen
from reportgen import exporters, cli
assert not hasattr(exporters, "legacy_export_xml"), "legacy_export_xml still defined"
assert not hasattr(reportgen, "legacy_export_xml"), "legacy_export_xml still exported"
assert "legacy_export_xml" not in getattr(reportgen, "__all__", [])
rows = [{"a": 1}]
assert reportgen.export_csv(rows) == "a\n1\n"
assert json.loads(reportgen.export_json(rows)) == rows
out = io.StringIO()
with contextlib.redirect_stdout(out):
    assert cli.main(["--format", "json"]) == 0
assert json.loads(out.getvalue())[0]["region"] == "north"
err = io.StringIO()
with contextlib.redirect_stderr(err):
    try:
        cli.main(["--format", "xml-legacy"])
    except SystemExit as exc:
        assert exc.code != 0
    else:
        raise AssertionError("--format xml-legacy is still accepted")
print("OK")
'''


def _check(root, original, summary):
    for p in _py_files(root):
        text = p.read_text(encoding="utf-8", errors="replace")
        if "legacy_export_xml" in text:
            return False, "legacy_export_xml still mentioned in %s" % p.relative_to(root)
        if "xml-legacy" in text:
            return False, "xml-legacy still mentioned in %s" % p.relative_to(root)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "package broken or legacy export still reachable: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "legacy XML export removed cleanly"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original or {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
