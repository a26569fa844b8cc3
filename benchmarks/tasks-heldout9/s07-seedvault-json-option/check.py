# Check for a held-out benchmark task (tasks-heldout9). Standard library only.
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
CSV = """variety,species,grams,year
Golden Bantam,maize,300,2020
Cherokee Purple,tomato,6.5,2024
Borlotti,bean,150,2022
Sungold,Tomato,3,2023
"""

ROWS = [("Golden Bantam", "maize", 300.0, 2020), ("Cherokee Purple", "tomato", 6.5, 2024),
        ("Borlotti", "bean", 150.0, 2022), ("Sungold", "Tomato", 3.0, 2023)]

TABLE_TOMATO = """variety              species         grams  year
Cherokee Purple      tomato            6.5  2024
Sungold              Tomato            3.0  2023"""


def _cli(root, *args):
    return _run(root, ["-m", "seedvault", "list"] + list(args))


def _same_rows(data, rows):
    """True if `data` is a JSON list matching `rows` (numbers as numbers)."""
    if not isinstance(data, list) or len(data) != len(rows):
        return False
    for item, (variety, species, grams, year) in zip(data, rows, strict=True):
        if not isinstance(item, dict) or not {"variety", "species", "grams", "year"} <= set(item):
            return False
        if item["variety"] != variety or item["species"] != species:
            return False
        for key, want in (("grams", grams), ("year", year)):
            val = item[key]
            if isinstance(val, bool) or not isinstance(val, (int, float)) or abs(val - want) > 1e-9:
                return False
    return True


def _check(root, original, summary):
    import json
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = Path(tmp) / "seeds.csv"
        csv_path.write_text(CSV, encoding="utf-8")
        results = {}
        for label, args in (("all", ["--json"]), ("tomato", ["--species", "tomato", "--json"]),
                            ("tomato-first", ["--json", "--species", "TOMATO"]),
                            ("table", ["--species", "tomato"])):
            results[label] = _cli(root, *(args + ["--file", str(csv_path)]))
    for label, want in (("all", ROWS), ("tomato", [ROWS[1], ROWS[3]]),
                        ("tomato-first", [ROWS[1], ROWS[3]])):
        rc, out, err = results[label]
        if rc != 0:
            return False, "list --json (%s) failed: %s" % (label, (out + err)[-600:])
        try:
            data = json.loads(out)
        except ValueError:
            return False, "list --json (%s) did not print JSON: %r" % (label, out[:300])
        if not _same_rows(data, want):
            return False, "list --json (%s) printed the wrong seeds: %r" % (label, out[:400])
    rc, out, err = results["table"]
    if rc != 0 or out.rstrip() != TABLE_TOMATO:
        return False, "table output changed: %r" % ((out + err)[:400],)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 3:
        return False, "fewer tests ran than before: " + out
    return True, "list --json prints the seeds as JSON, honours --species; table unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
