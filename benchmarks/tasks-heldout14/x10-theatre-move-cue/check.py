# Check for a held-out benchmark task (tasks-heldout14). Standard library only.
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
NEW_MODULE = "cuesheet/cue.py"
OLD_MODULE = "cuesheet/show.py"

HIDDEN = r'''
import cuesheet.cue as cuemod
from cuesheet.cue import Cue
from cuesheet.show import Show, load_show
from cuesheet.export import from_csv, to_csv
from cuesheet.timing import sequence_seconds

assert Cue.__module__ == "cuesheet.cue", "Cue is defined in %s" % Cue.__module__
show = load_show("shows/tempest.cues")
assert all(type(c) is Cue for c in show.cues), "load_show does not build cuesheet.cue.Cue objects"
assert all(type(c) is Cue for c in from_csv(to_csv(show.cues))), "from_csv does not build cuesheet.cue.Cue objects"
c = Cue.parse("  Q7.25 'Lightning' fade=0.2 follow=1.5 ")
assert (c.number, c.label, c.fade, c.follow) == (7.25, "Lightning", 0.2, 1.5), c
assert c.describe() == "Q7.25 Lightning (0.2s), auto-follow after 1.5s", c.describe()
assert Cue.parse("Q9 'Dusk'").describe() == "Q9 Dusk (3s)"
try:
    Cue.parse("Q 'broken'")
except ValueError:
    pass
else:
    raise AssertionError("Cue.parse accepts a broken line")
s = Show("Macbeth", [Cue(3, "c"), Cue(1, "a", 2, 0)])
s.add(Cue(2, "b", 4))
assert [x.label for x in s.cues] == ["a", "b", "c"] and sequence_seconds(s.cues) == 6.0
assert s.find(2).label == "b" and s.find(5) is None
print("OK")
'''


def _strip_docstrings(node):
    for n in ast.walk(node):
        body = getattr(n, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            n.body = body[1:] or [ast.Pass()]
    return node


def _class(src, name):
    tree = ast.parse(src)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return ast.dump(_strip_docstrings(node), include_attributes=False)
    return None


def _imports_cue_from_show(text):
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name == "Cue" for a in node.names):
            mod = ("." * node.level) + (node.module or "")
            if mod in ("cuesheet.show", ".show"):
                return node.lineno
        if isinstance(node, ast.Attribute) and node.attr == "Cue" and isinstance(node.value, (ast.Name, ast.Attribute)):
            base = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
            if base == "show":
                return node.lineno
    return None


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    new, old, before = _read(root, NEW_MODULE), _read(root, OLD_MODULE), _orig(original, OLD_MODULE)
    if new is None:
        return False, "%s does not exist" % NEW_MODULE
    try:
        moved, left = _class(new, "Cue"), _class(old or "", "Cue")
    except SyntaxError as exc:
        return False, "a module does not parse: %s" % exc
    if moved is None:
        return False, "%s does not define the Cue class" % NEW_MODULE
    if left is not None:
        return False, "%s still defines a Cue class" % OLD_MODULE
    if before is None or moved != _class(before, "Cue"):
        return False, "the Cue class changed in the move (docstrings aside it should be the same)"
    for rel, text in sorted(_text_files(root, (".py",)).items()):
        try:
            line = _imports_cue_from_show(text)
        except SyntaxError:
            return False, "%s does not parse" % rel
        if line:
            return False, "%s line %d still gets Cue from cuesheet.show" % (rel, line)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "the cue sheet does not work as before with Cue in cuesheet.cue: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 8:
        return False, "fewer tests ran than before: " + out
    return True, "Cue moved unchanged to cuesheet/cue.py and imported from there everywhere; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
