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

EVENT = {
    "Blue": ["  1  Priya Nair         WAOC     38:02",
             "  2  Ana Silva          SYO      42:10",
             "  3  Lena Vogt          HALO   1:02:45"],
    "Green": ["  1  Mia Chen           SYO      29:40",
              "  1  Owen Hart          SYO      29:40",
              "  3  Ellen Park         WAOC     31:05"],
    "Yellow": ["  1  Zoe Blake          HALO     22:30"],
}
EVENT_MP = {"Blue": [("Tom Reid", "39:55"), ("Sam Okafor", "51:20")],
            "Green": [("Ravi Shah", "27:15")], "Yellow": [("Ida Lund", "25:00")]}
EVENT_NAMES = ["Ana Silva", "Tom Reid", "Priya Nair", "Jon Evans", "Lena Vogt", "Sam Okafor", "Mia Chen",
               "Ravi Shah", "Ellen Park", "Owen Hart", "Zoe Blake", "Ben Cole", "Ida Lund"]

HIDDEN_CSV = """name,club,course,status,time
Kit Marlow,BOK,Brown,mp,1:10:05
Ada Ngata,DEE,Brown,ok,58:30
Nils Berg,BOK,Brown,mp,49:59
Rosa Diaz,DEE,Brown,dnf,
Cal Tran,MV,Brown,mp,1:01:00
Una Frey,MV,Brown,ok,1:05:10
Hal Ito,BOK,Orange,mp,33:33
Fay Lowe,DEE,Orange,dnf,
Gus Penn,MV,Orange,mp,31:02
Ola Moe,BOK,Short,ok,20:00
"""
HIDDEN = {
    "Brown": ["  1  Ada Ngata          DEE      58:30", "  2  Una Frey           MV     1:05:10"],
    "Orange": [], "Short": ["  1  Ola Moe            BOK      20:00"],
}
HIDDEN_MP = {"Brown": [("Nils Berg", "49:59"), ("Cal Tran", "1:01:00"), ("Kit Marlow", "1:10:05")],
             "Orange": [("Gus Penn", "31:02"), ("Hal Ito", "33:33")], "Short": []}
HIDDEN_NAMES = ["Kit Marlow", "Ada Ngata", "Nils Berg", "Rosa Diaz", "Cal Tran", "Una Frey", "Hal Ito",
                "Fay Lowe", "Gus Penn", "Ola Moe"]


def _lines(out):
    return [x.rstrip() for x in out.splitlines() if x.strip()]


def _mp_problem(got, finish, mp, names):
    """What is wrong with `results --mp` output, or None."""
    if got[:len(finish)] != finish:
        return "the finishers are not listed first, unchanged: %r" % (got,)
    rest = got[len(finish):]
    named = [x for x in rest if any(n in x for n in names)]
    if len(named) != len(mp):
        return "expected the %d mispunched runner(s) %r after the finishers, got %r" % (
            len(mp), [m[0] for m in mp], rest)
    for line, (name, time) in zip(named, mp):
        if name not in line:
            return "mispunched runners not listed fastest first: %r" % (named,)
        tokens = line.split()
        if not tokens or tokens[0].lower() != "mp":
            return "%r does not show mp where the position would be" % (line,)
        if time not in tokens:
            return "%r does not show the runner's time %s" % (line, time)
    return None


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    rc, out, err = _run(root, ["-m", "punchcard", "results", "--help"])
    if rc != 0 or "--mp" not in out:
        return False, "punchcard results --help does not show --mp: " + (out + err)[-600:]
    tmp = tempfile.mkdtemp()
    try:
        hidden = str(Path(tmp) / "hidden.csv")
        Path(hidden).write_text(HIDDEN_CSV)
        runs = []
        for course in EVENT:
            runs.append((["results", course], EVENT[course], None, EVENT_NAMES))
            runs.append((["results", course, "--mp"], EVENT[course], EVENT_MP[course], EVENT_NAMES))
        runs.append((["results", "--mp", "Green"], EVENT["Green"], EVENT_MP["Green"], EVENT_NAMES))
        for course in HIDDEN:
            runs.append((["--file", hidden, "results", course], HIDDEN[course], None, HIDDEN_NAMES))
            runs.append((["--file", hidden, "results", course, "--mp"], HIDDEN[course], HIDDEN_MP[course],
                         HIDDEN_NAMES))
        for args, finish, mp, names in runs:
            rc, out, err = _run(root, ["-m", "punchcard"] + args)
            got = _lines(out)
            label = "punchcard " + " ".join(args).replace(hidden, "HIDDEN.csv")
            if rc != 0:
                return False, "%s: exit %d: %s" % (label, rc, (out + err)[-400:])
            if mp is None:
                if got != finish:
                    return False, "%s (no --mp) printed %r, expected %r" % (label, got, finish)
                continue
            problem = _mp_problem(got, finish, mp, names)
            if problem:
                return False, "%s: %s" % (label, problem)
        rc, out, err = _run(root, ["-m", "punchcard", "results", "Red", "--mp"])
        if rc != 1 or _lines(out) != ["no runners on course Red"]:
            return False, "results Red --mp: exit %d, %r" % (rc, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "results --mp lists the course's mispunches after the finishers, marked mp with times; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
