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
HIDDEN = r'''
import importlib
try:
    importlib.import_module("anvil.temps")
except ImportError:
    pass
else:
    raise AssertionError("anvil.temps can still be imported")
import anvil.heat
from anvil.heat import colours
from anvil.heat.colours import HEAT_COLOURS, c_to_f, colour_for, temp_for
import anvil
from anvil.steels import can_forge, forging_window
from anvil.quench import quench_plan

assert colours.__file__.replace("\\", "/").endswith("anvil/heat/colours.py"), colours.__file__
assert [colour_for(t) for t in (499, 500, 650, 799, 800, 1099, 1100, 1300)] == [
    "black", "faint red", "blood red", "dull red", "cherry red", "orange", "yellow", "white"]
assert temp_for("Orange") == 1000 and c_to_f(-40) == -40 and len(HEAT_COLOURS) == 8
assert anvil.colour_for(720) == "dull red" and anvil.temp_for("white") == 1200
assert forging_window("O1") == ("cherry red", "orange"), forging_window("O1")
assert forging_window("1095") == ("cherry red", "orange")
assert can_forge("5160", "yellow") and not can_forge("5160", "faint red")
assert quench_plan("O1", "springy") == [
    "Heat to 800 C (1472 F), cherry red, and check it is non-magnetic",
    "Quench in warm canola oil",
    "Temper at 260 C (500 F) for two hours, twice"], quench_plan("O1", "springy")
print("OK")
'''


def _old_imports(src):
    """Places a Python source still refers to the old anvil.temps module."""
    try:
        tree = ast.parse(src or "")
    except SyntaxError:
        return None
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            found += ["import %s" % a.name for a in n.names if a.name == "anvil.temps" or a.name.startswith("anvil.temps.")]
        elif isinstance(n, ast.ImportFrom):
            mod = n.module or ""
            if mod == "anvil.temps" or mod.startswith("anvil.temps.") or (n.level and mod == "temps"):
                found.append("from %s%s import ..." % ("." * n.level, mod))
            elif (mod == "anvil" or (n.level and not mod)) and any(a.name == "temps" for a in n.names):
                found.append("from %s%s import temps" % ("." * n.level, mod))
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and re.search(r"\banvil[./]temps\b", n.value):
            found.append("string %r" % n.value)
    return found


def _check(root, original, summary):
    gone = _missing(root, original, allowed=("anvil/temps.py", "tests/test_temps.py"))
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if (root / "anvil" / "temps.py").exists() or (root / "anvil" / "temps").exists():
        return False, "something is still at the old path anvil/temps"
    if _top_defs(_read(root, "anvil/heat/colours.py")) is None:
        return False, "anvil/heat/colours.py is missing or does not parse"
    for rel, text in sorted(_text_files(root, (".py",)).items()):
        found = _old_imports(text)
        if found is None:
            return False, "%s does not parse" % rel
        if found:
            return False, "%s still imports the old module: %s" % (rel, "; ".join(found))
    readme = _read(root, "README.md") or ""
    if re.search(r"\banvil[./]temps\b", readme):
        return False, "README.md still refers to anvil/temps"
    if not re.search(r"\banvil[./]heat[./]colours\b", readme):
        return False, "README.md does not mention the new anvil.heat.colours module"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "the moved module or its users do not work: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 9:
        return False, "fewer tests ran than before: " + out
    return True, "temps moved to anvil/heat/colours.py, imports, tests and README updated"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
