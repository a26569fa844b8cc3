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
LOG = "CHANGELOG.md"
REMOVAL = r"remov|drop|no longer|gone|delet|replaced|instead|use --status|use `--status"
# (what, pattern the 1.4.0 entry must match)
ITEMS = (
    ("the coin-audit command", r"coin[- ]audit"),
    ("the --machine option on faults", r"--machine|\bmachine\b"),
    ("fault severity", r"severit"),
    ("faults now listed oldest first", r"oldest"),
    ("the tilt faults counted twice in the weekly report", r"\btilt"),
)
# Items from 1.3.0 that must not be repeated under 1.4.0.
OLDER = ((r"--json|\bjson\b", "--json (1.3.0)"), (r"space in", "machine names with a space (1.3.0)"))


def _lines(text):
    out = [x.rstrip() for x in (text or "").splitlines()]
    while out and not out[-1]:
        out.pop()
    return out


def _find(lines, pattern):
    for i, line in enumerate(lines):
        if re.match(pattern, line):
            return i
    return None


def _entry_problem(text, before):
    lines, old = _lines(text), _lines(before)
    head = _find(lines, r"^##\s*\[?v?1\.4\.0\b")
    old_at = _find(lines, r"^##\s*\[1\.3\.0\]")
    if head is None:
        return "CHANGELOG.md has no '## [1.4.0]' heading"
    if old_at is None:
        return "the 1.3.0 entry is gone"
    if head > old_at:
        return "the 1.4.0 entry is not above 1.3.0 (newest first)"
    orig_at = _find(old, r"^##\s*\[1\.3\.0\]")
    if orig_at is None or lines[old_at:] != old[orig_at:]:
        return "the older entries (1.3.0 and before) were changed"
    if not lines or lines[0] != "# Changelog":
        return "the '# Changelog' title was changed"
    end = _find(lines[head + 1:], r"^##\s")
    body = lines[head + 1: head + 1 + end] if end is not None else lines[head + 1:]
    section = "\n".join(body)
    for what, pat in ITEMS:
        if not re.search(pat, section, re.I):
            return "the 1.4.0 entry does not mention %s" % what
    for pat, what in OLDER:
        if re.search(pat, section, re.I):
            return "the 1.4.0 entry repeats %s" % what
    heading, removed = "", False
    for line in body:
        if re.match(r"^#{3,}\s", line):
            heading = line
            continue
        if "--all" in line:
            if re.search(r"remov|deprecat", heading, re.I) or re.search(REMOVAL, line, re.I):
                removed = True
            elif re.search(r"added|new", heading, re.I):
                return "--all is listed under %r, but it was removed" % heading.strip()
    if not removed:
        return "the 1.4.0 entry does not say that faults --all was removed"
    return None


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    changed = [p for p in _changed(root, original) if p != LOG]
    if changed:
        return False, "only CHANGELOG.md should change, but so did: %s" % ", ".join(changed)
    text = _read(root, LOG)
    if text is None:
        return False, "CHANGELOG.md is missing"
    problem = _entry_problem(text, _orig(original, LOG))
    if problem:
        return False, problem
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "CHANGELOG.md has a 1.4.0 entry covering every 1.4.0 note; older entries and code untouched"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
