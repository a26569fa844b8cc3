# Check for a held-out benchmark task (tasks-heldout11). Standard library only.
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
from saunabook.booking import Booking, day_total, quote
from saunabook.pricing import session_price
from saunabook.receipt import price_list, receipt

cases = [((60, 1, 0), {}, 1800), ((61, 1, 0), {}, 2700), ((30, 2, 2), {}, 2300),
         ((60, 4, 0), {}, 6480), ((60, 1, 1), {"off_peak": True}, 1690),
         ((90, 5, 3), {"off_peak": True}, 10470), ((45, 3, 0), {"off_peak": False}, 5400)]
for args, kwargs, want in cases:
    got = session_price(*args, **kwargs)
    assert got == want, "session_price(*%r, **%r) = %r, expected %r" % (args, kwargs, got, want)
try:
    session_price(60, 1, 0, loyalty_card="L-1")
except TypeError:
    pass
else:
    raise AssertionError("session_price still accepts loyalty_card")
b1 = Booking("Aino", 18, 60, 2, towels=2, card="L-9")
b2 = Booking("Aino", 10, 60, 2, towels=2)
b3 = Booking("Eero", 19, 90, 4, towels=4, card="L-0042")
assert quote(b1) == 4100, "quote(peak booking) = %r" % (quote(b1),)
assert quote(b2) == 3380, "quote(off-peak booking) = %r" % (quote(b2),)
assert day_total([b1, b2, b3]) == 4100 + 3380 + 10720, "day_total is %r" % (day_total([b1, b2, b3]),)
text = receipt(b3)
assert "Loyalty card: L-0042" in text and "Total: EUR 107.20" in text, "receipt: %r" % (text,)
rows = price_list((30, 60, 90)).splitlines()
want = [" 30 min    9.00    7.20", " 60 min   18.00   14.40", " 90 min   27.00   21.60"]
assert rows == want, "price_list() = %r, expected %r" % (rows, want)
print("OK")
'''


def _params(src, name):
    tree = ast.parse(src)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            a = node.args
            return [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
    return None


def _mentions(root, ident):
    """.py files whose code (not comments) still uses `ident` as a name, argument or keyword."""
    hits = []
    for rel, text in sorted(_text_files(root, (".py",)).items()):
        try:
            tree = ast.parse(text)
        except SyntaxError:
            hits.append(rel + " (does not parse)")
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Name) and node.id == ident) or \
               (isinstance(node, ast.arg) and node.arg == ident) or \
               (isinstance(node, ast.keyword) and node.arg == ident):
                hits.append(rel)
                break
    return hits


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    src = _read(root, "saunabook/pricing.py")
    if src is None or _top_defs(src) is None:
        return False, "saunabook/pricing.py is missing or does not parse"
    params = _params(src, "session_price")
    if params is None:
        return False, "session_price is no longer defined in saunabook/pricing.py"
    if "loyalty_card" in params:
        return False, "session_price still has a loyalty_card parameter"
    if [p for p in params if p in ("minutes", "guests", "towels", "off_peak")] != \
            ["minutes", "guests", "towels", "off_peak"]:
        return False, "session_price's other parameters changed: %r" % (params,)
    hits = _mentions(root, "loyalty_card")
    if hits:
        return False, "loyalty_card is still used in: %s" % ", ".join(hits)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "prices, quotes or receipts changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 9:
        return False, "fewer tests ran than expected: " + out
    return True, "loyalty_card removed from session_price and its callers; prices unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
