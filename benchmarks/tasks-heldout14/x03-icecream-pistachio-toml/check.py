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
HIDDEN = r'''
from scoopery.menu import load_menu
from scoopery.till import allergy_note, order_pence

menu = load_menu()
want = {"vanilla": (180, {"milk", "egg"}), "salted-caramel": (200, {"milk"}),
        "hazelnut-crunch": (220, {"milk", "tree-nut", "gluten"}),
        "raspberry-sorbet": (210, set()), "dark-chocolate": (200, {"milk", "soya"})}
for key, (pence, allergens) in want.items():
    assert key in menu, "flavour %r is gone" % key
    got = (menu[key].pence, set(menu[key].allergens))
    assert got == (pence, allergens), "%s: price/allergens are %r, expected %r" % (key, got, (pence, allergens))
assert menu["raspberry-sorbet"].name == "Raspberry Sorbet", menu["raspberry-sorbet"].name
new = [k for k in menu if k not in want]
assert len(new) == 1, "expected exactly one new flavour, found %r" % (new,)
key = new[0]
flavour = menu[key]
assert "pistachio" in key.lower() and "pistachio" in flavour.name.lower(), \
    "the new flavour is %r / %r, expected pistachio" % (key, flavour.name)
assert flavour.pence == 240, "pistachio costs %r pence a scoop, expected 240" % (flavour.pence,)
assert set(flavour.allergens) == {"milk", "tree-nut"}, "pistachio allergens: %r" % (flavour.allergens,)
assert len(flavour.allergens) == 2, "pistachio allergens: %r" % (flavour.allergens,)
assert not flavour.vegan
assert order_pence([key, "raspberry-sorbet"], cone=True) == 480, order_pence([key, "raspberry-sorbet"], cone=True)
assert allergy_note([key]) == "Contains: milk, tree-nut", allergy_note([key])
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    code = [p for p in _changed(root, original) if p.startswith("scoopery/")]
    if code:
        return False, "only the flavour list should change, but code changed: %s" % ", ".join(code)
    if _read(root, "flavours.toml") is None:
        return False, "flavours.toml is missing"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "flavours.toml does not hold the menu as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 5:
        return False, "fewer tests ran than before: " + out
    return True, "pistachio (240p, milk and tree-nut) added and sorbet at 210p, read by the repo's loader; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
