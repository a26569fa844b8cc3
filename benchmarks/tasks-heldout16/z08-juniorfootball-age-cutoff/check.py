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
import shutil
import tempfile

HIDDEN = r'''
import re
from datetime import date
from kickabout.ages import age_group, season_of
from kickabout.registration import register
from kickabout.letters import welcome_letter

cases = [
    (date(2015, 9, 1), date(2025, 10, 1), "U10"),
    (date(2015, 8, 31), date(2026, 3, 12), "U11"),
    (date(2016, 1, 15), date(2026, 3, 12), "U10"),
    (date(2016, 6, 1), date(2026, 3, 12), "U10"),
    (date(2016, 8, 31), date(2026, 8, 31), "U10"),
    (date(2016, 8, 31), date(2026, 9, 1), "U11"),
    (date(2016, 9, 1), date(2026, 9, 1), "U10"),
    (date(2010, 2, 3), date(2025, 12, 24), "U16"),
    (date(2019, 3, 3), date(2026, 5, 1), "U7"),
]
for birth, today, want in cases:
    got = age_group(birth, today)
    assert got == want, "age_group(born %s, registering %s) = %r, expected %r" % (birth, today, got, want)
for birth, today in [(date(2019, 9, 2), date(2026, 8, 1)), (date(2009, 6, 30), date(2026, 2, 1))]:
    try:
        got = age_group(birth, today)
    except ValueError:
        pass
    else:
        raise AssertionError("age_group(born %s, registering %s) = %r, expected ValueError (outside U7-U16)" % (birth, today, got))

reg = register("Lena Brooks", date(2015, 1, 10), date(2026, 3, 12))
assert (reg.group, reg.fee) == ("U11", 60), reg
reg = register("Priya Shah", date(2014, 11, 2), date(2026, 3, 12))
assert (reg.group, reg.fee) == ("U11", 60), reg
reg = register("Tom Vale", date(2014, 8, 20), date(2025, 9, 3))
assert (reg.group, reg.fee) == ("U12", 85), reg

def mentions(text, day):
    months = ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"]
    m = months[day.month - 1]
    pats = [r"\b%d(st|nd|rd|th)?\s+(of\s+)?(%s|%s)\.?,?\s+%d\b" % (day.day, m, m[:3], day.year),
            r"\b(%s|%s)\.?\s+%d(st|nd|rd|th)?,?\s+%d\b" % (m, m[:3], day.day, day.year),
            r"\b%d-%02d-%02d\b" % (day.year, day.month, day.day),
            r"\b%02d/%02d/%d\b" % (day.day, day.month, day.year),
            r"\b%d/%d/%d\b" % (day.day, day.month, day.year)]
    return any(re.search(p, text, re.I) for p in pats)

for name, birth, today, cutoff, group in [
        ("Sam Okafor", date(2016, 1, 15), date(2026, 3, 12), date(2025, 8, 31), "U10"),
        ("Ade Bell", date(2016, 8, 31), date(2026, 9, 1), date(2026, 8, 31), "U11")]:
    text = "\n".join(welcome_letter(register(name, birth, today)))
    assert "our %s squad" % group in text, text
    # the exact date, or "31 August" with no year (never with a wrong year)
    bare = re.findall(r"\b(?:31(?:st)?\s+(?:of\s+)?Aug(?:ust)?\.?|Aug(?:ust)?\.?\s+31(?:st)?)(,?\s+\d{4})?", text, re.I)
    years = {int(re.sub(r"\D", "", y)) for y in bare if y}
    ok = mentions(text, cutoff) or (bare and not (years - {cutoff.year}))
    assert ok, "the welcome letter does not name the date that counts (%s):\n%s" % (cutoff, text)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    for rel in ("kickabout/ages.py", "kickabout/registration.py", "kickabout/letters.py"):
        if _top_defs(_read(root, rel)) is None:
            return False, "%s is missing or does not parse" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "age groups, fees or the letter do not follow the 31 August rule: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 9:
        return False, "fewer tests ran than before: " + out
    # The updated tests must cover the new rule: against the starting package code they fail.
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        if not _materialise(original, old):
            return False, "starting files not available"
        shutil.rmtree(str(old / "tests"), ignore_errors=True)
        shutil.copytree(str(Path(root) / "tests"), str(old / "tests"),
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        ok_old, out_old = _unittest(old)
        if ok_old:
            return False, "the tests still pass against the old code, so they do not check the 31 August rule"
    return True, "age groups use the age on 31 August before the season; letter and tests updated"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
