# Check for a held-out benchmark task (tasks-heldout10). Standard library only.
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


def _modified(root, original, rels):
    """Those of `rels` whose bytes differ from the starting state."""
    now = _snapshot(root)
    orig = _orig_files(original)
    return sorted(r for r in rels if now.get(r) != orig.get(r))


# ---- task-specific part -------------------------------------------------
HIDDEN = r'''
import re
import pitchbook.pitches as pp
from pitchbook.invoice import invoice_total, line_items, render_invoice
from pitchbook.pitches import describe_pitch

def standalone(raw, text):
    return re.search(r"(?<![\d,.])" + re.escape(raw) + r"(?![\d]|[.,]\d)", text) is not None

items = [("Lodge L9 x 9 nights", 11250.0), ("Firewood x 2", 14.5), ("Dog x 9 nights", 27),
         ("Token A", 0.1), ("Token B", 0.2), ("Season pass", 1234567.891), ("Electricity x 3", 13.5)]
want = {"Lodge L9 x 9 nights": "11,250.00", "Firewood x 2": "14.50", "Dog x 9 nights": "27.00",
        "Token A": "0.10", "Token B": "0.20", "Season pass": "1,234,567.89", "Electricity x 3": "13.50"}
text = render_invoice("G. Novak", items)
lines = text.splitlines()
assert lines[0] == "Larchwood Campsite" and "Invoice for G. Novak" in text, text
for label, money in want.items():
    hits = [l for l in lines if label in l]
    assert len(hits) == 1, "line for %r not found in:\n%s" % (label, text)
    assert money in hits[0], "line for %r should show %s: %r" % (label, money, hits[0])
total_lines = [l for l in lines if "total" in l.lower()]
assert total_lines, "no total line:\n" + text
assert "1,245,873.19" in total_lines[-1], "total should read 1,245,873.19: %r" % total_lines[-1]
for raw in ("11250.0", "14.5", "27", "0.1", "0.2", "1234567.891", "13.5", "1245873.19", "1245873.2"):
    assert not standalone(raw, text), "unformatted amount %s still on the invoice:\n%s" % (raw, text)
assert abs(invoice_total(items) - 1245873.19) < 1e-6, invoice_total(items)

text2 = render_invoice("H. Lee", line_items("C4", 2, [("dog", 1)]))
assert "64.00" in text2 and "6.00" in text2 and "70.00" in text2, text2

pp.PITCHES["Z9"] = pp.Pitch("Z9", "lodge", 12345.678)
for code, money, raw in [("L2", "1,120.00", "1120.0"), ("A1", "18.50", "18.5"),
                         ("C4", "32.00", "32.0"), ("Z9", "12,345.68", "12345.678")]:
    d = describe_pitch(code)
    assert d.startswith(code + ": ") and d.endswith(" per night"), d
    assert money in d, "describe_pitch(%r) should show %s: %r" % (code, money, d)
    assert not standalone(raw, d), "describe_pitch(%r) still shows %s: %r" % (code, raw, d)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    for rel in ("pitchbook/invoice.py", "pitchbook/pitches.py"):
        if _top_defs(_read(root, rel)) is None:
            return False, "%s is missing or does not parse" % rel
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "money is not shown as 1,234.50 everywhere asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "invoice lines, total and nightly price show two decimals with thousands separators; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
