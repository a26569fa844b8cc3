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
import shutil
import tempfile

PACKAGE = "donorday/"

HIDDEN = r'''
from datetime import date, timedelta
from donorday.booking import bookable, first_slot
from donorday.donors import Donor
from donorday.letters import thank_you
from donorday.rules import is_eligible, next_eligible

for sex, weeks in (("F", 16), ("M", 12)):
    for last in (date(2025, 3, 3), date(2024, 11, 20), date(2024, 2, 29)):
        d = Donor("Alex Roe", sex, last)
        want = last + timedelta(weeks=weeks)
        got = next_eligible(d)
        assert got == want, "next_eligible(%s donor, last %s) = %r, expected %r" % (sex, last, got, want)
        assert not is_eligible(d, want - timedelta(days=1)) and is_eligible(d, want), (sex, last)
        sessions = [want - timedelta(days=28), want - timedelta(days=1), want + timedelta(days=14), want]
        got = first_slot(d, sessions)
        assert got == want, "first_slot(%s donor, last %s) = %r, expected %r" % (sex, last, got, want)
        assert first_slot(d, sessions[:2]) is None, "%s donor booked before %s" % (sex, want)
assert next_eligible(Donor("New Person", "F")) is None
assert first_slot(Donor("New Person", "F"), [date(2025, 5, 19), date(2025, 5, 5)]) == date(2025, 5, 5)
donors = [Donor("Ines Duarte", "F", date(2025, 3, 3)), Donor("Sam Hughes", "M", date(2025, 3, 3)),
          Donor("Joy Obi", "F", date(2025, 2, 10)), Donor("Kay Lin", "F")]
assert bookable(donors, date(2025, 6, 2)) == ["Sam Hughes", "Joy Obi", "Kay Lin"], bookable(donors, date(2025, 6, 2))
assert bookable(donors, date(2025, 6, 23)) == ["Ines Duarte", "Sam Hughes", "Joy Obi", "Kay Lin"]
assert bookable(donors, date(2025, 5, 19)) == ["Kay Lin"], bookable(donors, date(2025, 5, 19))
male = thank_you(Donor("Sam Hughes", "M", date(2025, 3, 3))).splitlines()
assert male == ["Dear Sam,", "Thank you for giving blood on 3 March 2025.",
                "You can give again after 12 weeks, from 26 May 2025.",
                "We will write when there is a session near you."], male
female = thank_you(Donor("Ines Duarte", "F", date(2025, 3, 3)))
assert "16 weeks" in female and "23 June 2025" in female, female
assert "12 weeks" not in female and "26 May" not in female, female
assert female.splitlines()[:2] == ["Dear Ines,", "Thank you for giving blood on 3 March 2025."], female
print("OK")
'''


def _tests_against_original(root, original):
    """Run the end state's tests on the starting package code; (ok, output)."""
    tmp = tempfile.mkdtemp()
    try:
        copy = Path(tmp) / "repo"
        shutil.copytree(str(root), str(copy), ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        pkg = copy / PACKAGE
        if pkg.is_dir():
            shutil.rmtree(str(pkg))
        for rel, data in _orig_files(original).items():
            if rel.startswith(PACKAGE):
                (copy / rel).parent.mkdir(parents=True, exist_ok=True)
                (copy / rel).write_bytes(data)
        return _unittest(copy)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "women are not held to 16 weeks everywhere (men 12): " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    ok, out = _tests_against_original(root, original)
    if ok:
        return False, "the tests were not updated: they still pass on the old 12-weeks-for-everyone code"
    return True, "16 weeks for women, 12 for men in rules, booking and letters; tests updated and passing"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
