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
def _has_amount(text, whole, cents, plain=False):
    """Does `text` state the amount whole.cents (e.g. 365.43, 365,43 or 36543 pence)?
    With plain=True a bare whole number also counts when cents is 0."""
    c = "%02d" % cents
    pats = [r"(?<![\d.,])%d[.,]%s(?!\d)" % (whole, c),
            r"(?<![\d.,])%d%s(?![\d.,]?\d)" % (whole, c)]
    if c.endswith("0"):
        pats.append(r"(?<![\d.,])%d[.,]%s(?![\d.,]?\d)" % (whole, c[0]))
    if plain and cents == 0:
        pats.append(r"(?<![\d.,])%d(?![\d]|[.,]\d)" % whole)
    return any(re.search(p, text) for p in pats)


# Tempting wrong totals: every mix of the slips below, each with the photos
# added after the discount, discounted with the walkers, or left out:
# the 12-year-old as a child, the README's half-price children, 30 July
# taken as off-peak (weekends only), and the README's "6 or more" group
# rule. Steps of the right working (85.00, 93.50, 56.10, 280.50, 112.20,
# 392.70, 39.27, 353.43, 12.00, 357.00, 35.70, ...) are not rejected.
WRONG = ((267, 75), (278, 55), (279, 75), (290, 70), (294, 53), (297, 50), (301, 50), (302, 70),
         (305, 33), (306, 0), (306, 53), (309, 50), (316, 80), (318, 0), (319, 77), (321, 30),
         (323, 0), (327, 25), (330, 57), (331, 77), (332, 10), (333, 30), (335, 0), (336, 60),
         (339, 25), (340, 0), (347, 40), (348, 60), (352, 0), (355, 30), (364, 23), (367, 30),
         (369, 0), (374, 0), (386, 0), (404, 70))


def _check(root, original, summary):
    changed = _changed(root, original)
    if changed:
        return False, "this was a question; files changed: %s" % ", ".join(changed)
    if not summary.strip():
        return False, "no answer given in the summary"
    for whole, cents in WRONG:
        if _has_amount(summary, whole, cents):
            return False, "the answer gives %d.%02d, which is not what llamatrek quotes" % (whole, cents)
    if not _has_amount(summary, 365, 43):
        return False, "the answer does not give the amount llamatrek quotes (365.43)"
    return True, "answered 365.43 and changed no files"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
