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
RIGHT = 47100  # pence: hire 368.50 + delivery 24.00 = 392.50 net, VAT 78.50, total 471.00

# Tempting wrong totals (pence): one or two slips (generator halved on the Sunday,
# Sunday not surcharged, delivery one way / free to 15 miles / left out, VAT
# left out, generator left out, no extra-day discount) and every mix of the
# README's stale rules. Steps of the right working are not listed.
WRONG = {
    33750,  # gen_in=False, vat=False
    34850,  # README: gen_full2=False, sur=sat, thr=15, both_ways=False, vat=False
    35300,  # README: gen_full2=False, sur=sat, thr=15, vat=False
    35600,  # README: gen_full2=False, sur=sat, both_ways=False, vat=False
    35900,  # sur=none, vat=False
    35925,  # README: gen_full2=False, thr=15, both_ways=False, vat=False
    36100,  # README: sur=sat, thr=15, both_ways=False, vat=False
    36375,  # README: gen_full2=False, thr=15, vat=False
    36550,  # README: sur=sat, thr=15, vat=False
    36675,  # README: gen_full2=False, both_ways=False, vat=False
    36800,  # README: gen_full2=False, sur=sat, vat=False
    37080,  # gen_in=False, sur=none
    37300,  # README: thr=15, both_ways=False, vat=False
    37620,  # gen_in=False, thr=None
    37750,  # thr=15, vat=False
    37875,  # gen_full2=False, vat=False
    38050,  # sur=sat, vat=False
    38700,  # gen_in=False, thr=15
    39060,  # gen_in=False, both_ways=False
    39360,  # gen_in=False, sur=sat
    40200,  # sur=none, thr=None
    40500,  # gen_in=False
    41280,  # sur=none, thr=15
    41580,  # gen_full2=False, sur=none
    41640,  # sur=none, both_ways=False
    41820,  # README: gen_full2=False, sur=sat, thr=15, both_ways=False
    42360,  # README: gen_full2=False, sur=sat, thr=15
    42570,  # gen_full2=False, thr=None
    42720,  # README: gen_full2=False, sur=sat, both_ways=False
    42780,  # sur=sat, thr=None
    43080,  # sur=none
    43110,  # README: gen_full2=False, thr=15, both_ways=False
    43320,  # README: sur=sat, thr=15, both_ways=False
    43650,  # gen_full2=False, thr=15
    43860,  # sur=sat, thr=15
    44010,  # gen_full2=False, both_ways=False
    44160,  # gen_full2=False, sur=sat
    44220,  # thr=None
    44760,  # thr=15, both_ways=False
    45300,  # thr=15
    45450,  # gen_full2=False
    45660,  # sur=sat
    49700,  # extra=full, vat=False
    53040,  # gen_in=False, extra=full
    54480,  # extra=full, sur=none
    56760,  # extra=full, thr=None
    57060,  # extra=full, sur=sat
    57840,  # extra=full, thr=15
    58200,  # extra=full, both_ways=False
    59640,  # extra=full
}


def _amounts(text):
    """Every money-like number in text, in pence: decimals are pounds, whole
    numbers of 10000 or more are pence, smaller whole numbers are pounds."""
    out = set()
    for m in re.finditer(r"(?<![\d.,])(\d+)(?:[.,](\d{1,2}))?(?![\d])", text or ""):
        whole, frac = m.group(1), m.group(2)
        if frac is not None:
            out.add(int(whole) * 100 + int(frac.ljust(2, "0")))
        elif int(whole) >= 10000:
            out.add(int(whole))
        else:
            out.add(int(whole) * 100)
    return out


def _check(root, original, summary):
    changed = _changed(root, original)
    if changed:
        return False, "files changed, but the question asked for none: %s" % ", ".join(changed)
    found = _amounts(summary)
    if RIGHT not in found:
        return False, "the summary does not give the quote total 471.00: %r" % (summary[-600:],)
    bad = sorted(found & set(WRONG))
    if bad:
        return False, "the summary also gives wrong totals: %s" % ", ".join("%d.%02d" % divmod(b, 100) for b in bad)
    return True, "quote total 471.00 given, no files changed"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
