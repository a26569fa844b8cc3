# Check for a held-out benchmark task (tasks-heldout10). Standard library only.
import ast
import json
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
INTROSPECT = r'''
import argparse, json
from choirbook.cli import build_parser
p = build_parser()
out = {}
for act in p._actions:
    if isinstance(act, argparse._SubParsersAction):
        for name, sp in act.choices.items():
            opts = []
            for a in sp._actions:
                opts += [o for o in a.option_strings if o.startswith("--") and o != "--help"]
            out[name] = opts
print(json.dumps(out))
'''

STALE = [
    (re.compile(r"choirbook\s+list\b"), "the removed `list` command"),
    (re.compile(r"--part\b"), "the old --part option"),
    (re.compile(r"--date\b"), "the old --date option"),
    (re.compile(r"--verbose\b"), "a --verbose option that does not exist"),
]


def _usage_section(text):
    m = re.search(r"^##\s*Usage\s*$(.*?)(?=^##\s|\Z)", text, re.M | re.S | re.I)
    return m.group(1) if m else None


def _check(root, original, summary):  # noqa: C901 (a held-out check, kept as its writer wrote it)
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    other = [rel for rel in _changed(root, original) if rel != "README.md"]
    if other:
        return False, "only README.md should change, but so did: %s" % ", ".join(other)
    text = _read(root, "README.md")
    if not text:
        return False, "README.md is missing or empty"
    if not text.lstrip().startswith("# choirbook"):
        return False, "README.md lost its title"
    for head in ("## Data", "## Tests"):
        if head not in text:
            return False, "README.md lost its %r section" % head
    usage = _usage_section(text)
    if usage is None:
        return False, "README.md has no '## Usage' section any more"
    rc, out, err = _run(root, ["-c", INTROSPECT])
    try:
        commands = json.loads(out.strip().splitlines()[-1])
    except Exception:
        return False, "could not read the real parser: " + (out + err)[-600:]
    for name, opts in sorted(commands.items()):
        if not re.search(r"choirbook\s+%s\b" % re.escape(name), usage):
            return False, "Usage does not show the `%s` command" % name
        for opt in opts:
            if not re.search(re.escape(opt) + r"(?![\w-])", usage):
                return False, "Usage does not document %s of `%s`" % (opt, name)
    if "csv" not in usage:
        return False, "Usage does not say what --format accepts (text or csv)"
    for rx, what in STALE:
        if rx.search(text):
            return False, "README.md still mentions %s" % what
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "README usage documents roster/attendance/parts and all their options, nothing stale; code untouched"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
