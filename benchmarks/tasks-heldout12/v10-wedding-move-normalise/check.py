# Check for a held-out benchmark task (tasks-heldout12). Standard library only.
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
NAME = "normalise_name"

HIDDEN = r'''
import inspect
import seatplan.text as text
from seatplan.text import normalise_name
from seatplan.guests import load_guests
from seatplan.rsvp import match_reply, missing_replies
from seatplan.tables import assign, table_of

assert inspect.getmodule(normalise_name) is text, "normalise_name is not defined in seatplan.text"
for raw, want in [("  mary   o'brien ", "Mary O'Brien"), ("ANNE-MARIE smith", "Anne-Marie Smith"),
                  ("jean-luc  PICARD", "Jean-Luc Picard"), ("", ""), ("o'neill-o'hara", "O'Neill-O'Hara")]:
    got = normalise_name(raw)
    assert got == want, "normalise_name(%r) = %r, expected %r" % (raw, got, want)
guests = load_guests(["tom  JONES; Groom", "mary o'brien; bride; vegan", "ann-marie lee; bride"])
assert [g.name for g in guests] == ["Tom Jones", "Mary O'Brien", "Ann-Marie Lee"], guests
assert match_reply(guests, "ANN-MARIE LEE").side == "bride"
assert missing_replies(guests, ["tom jones"]) == ["Mary O'Brien", "Ann-Marie Lee"]
plan = assign(guests, {"Rose": 2, "Thistle": 2})
assert table_of(plan, "  tom jones") == "Thistle", plan
print("OK")
'''


def _uses_from_guests(rel, tree):
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "guests":
            if any(a.name == NAME for a in node.names):
                hits.append("%s imports it from guests (line %d)" % (rel, node.lineno))
        elif (isinstance(node, ast.Attribute) and node.attr == NAME
              and isinstance(node.value, (ast.Name, ast.Attribute))
              and (getattr(node.value, "id", None) or getattr(node.value, "attr", None)) == "guests"):
            hits.append("%s uses guests.%s (line %d)" % (rel, NAME, node.lineno))
    return hits


def _defines(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == NAME:
            return True
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == NAME
                                                for t in node.targets):
            return True
    return False


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    trees = {}
    for rel, src in _text_files(root, (".py",)).items():
        try:
            trees[rel] = ast.parse(src)
        except SyntaxError:
            return False, "%s does not parse" % rel
    if "seatplan/text.py" not in trees or NAME not in (_top_defs(_read(root, "seatplan/text.py")) or ()):
        return False, "seatplan/text.py does not define %s" % NAME
    defined = sorted(rel for rel, tree in trees.items() if _defines(tree))
    if defined != ["seatplan/text.py"]:
        return False, "%s should be defined only in seatplan/text.py, but is defined in: %s" % (
            NAME, ", ".join(defined))
    hits = []
    for rel, tree in sorted(trees.items()):
        hits += _uses_from_guests(rel, tree)
    if hits:
        return False, "%s is still taken from guests.py: %s" % (NAME, "; ".join(hits))
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "names are not normalised as before: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "normalise_name moved to seatplan/text.py and imported from there everywhere; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
