# Check for a held-out benchmark task (tasks-heldout7). Standard library only.
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


# ---- task-specific part -------------------------------------------------
import json

HIDDEN = r'''
from printquote import discount_percent, load_pricing, quote

pricing = load_pricing()
tiers = pricing["bulk_discounts"]
got = [discount_percent(n, tiers) for n in (1, 249, 250, 499, 500, 999, 1000, 5000)]
assert got == [0, 0, 10, 10, 10, 10, 15, 15], "discounts by sheet count: %r" % got
cases = [
    (("A5", 300), {}, 13.3),
    (("A5", 10), {}, 2.9),
    (("A3", 100), {}, 17.5),
    (("A3", 1200), {"color": True}, 461.5),
    (("A4", 240), {}, 16.9),
    (("A4", 400), {}, 24.1),
    (("A4", 1000), {}, 53.5),
]
for args, kw, want in cases:
    got = quote(*args, **kw)
    assert abs(got - want) < 0.005, "quote%r %r = %r, expected %r" % (args, kw, got, want)
print("OK")
'''


def _num(value, want):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value - want) < 1e-9


def _check(root, original, summary):
    orig = _orig_files(original)
    now = _snapshot(root)
    code = sorted(k for k in set(orig) | set(now)
                  if k.endswith(".py") and orig.get(k) != now.get(k))
    if code:
        return False, "code was changed: %s" % ", ".join(code)
    try:
        pricing = json.loads((Path(root) / "printquote" / "pricing.json").read_text(encoding="utf-8"))
    except Exception as exc:
        return False, "printquote/pricing.json does not parse: %r" % (exc,)
    sheet = pricing.get("per_sheet") if isinstance(pricing, dict) else None
    if not isinstance(sheet, dict):
        return False, "per_sheet table missing"
    for size, want in (("A4", 0.06), ("A3", 0.15), ("A5", 0.04)):
        if not _num(sheet.get(size), want):
            return False, "per_sheet[%r] is %r, expected %r" % (size, sheet.get(size), want)
    for key, want in (("setup_fee", 2.5), ("color_multiplier", 3.0)):
        if not _num(pricing.get(key), want):
            return False, "%s changed to %r" % (key, pricing.get(key))
    if pricing.get("currency") != "EUR":
        return False, "currency changed to %r" % (pricing.get("currency"),)
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "quotes with the default pricing are wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "pricing.json has A3 0.15, A5 0.04, 10% from 250 sheets; no code changed"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
