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
COMMANDS = ("table", "fixtures", "result", "averages")
OPTIONS = ("--division", "--week", "--top")
GONE = ("standings", "players")
NOTED = r"no longer|removed|dropped|gone|renamed|replaced|instead|formerly|previously|old name|was called|now called"


def _section(text):
    """Text of the README section whose heading mentions the commands."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^(#{1,6})\s*(.*)$", line)
        if m and re.search(r"command|usage", m.group(2), re.I):
            level = len(m.group(1))
            body = []
            for nxt in lines[i + 1:]:
                h = re.match(r"^(#{1,6})\s", nxt)
                if h and len(h.group(1)) <= level:
                    break
                body.append(nxt)
            return "\n".join(body)
    return None


def _names_command(body, cmd):
    pat = r"(?:\boche\s+(?:\[[^\]]*\]\s+|--file\s+\S+\s+)?|`|^#+\s*|^\s*[-*|]\s*)%s\b" % cmd
    return any(re.search(pat, line) for line in body.splitlines())


def _readme_problem(text):
    """What is wrong with the README's Commands section, or None."""
    body = _section(text)
    if body is None:
        return "README.md has no Commands section any more"
    for cmd in COMMANDS:
        if not _names_command(body, cmd):
            return "the Commands section does not document the %s command" % cmd
    for opt in OPTIONS:
        if not re.search(r"%s\b" % opt, body):
            return "the Commands section does not mention the %s option" % opt
    for old in GONE:
        stale = [x for x in body.splitlines() if re.search(r"\b%s\b" % old, x) and not re.search(NOTED, x, re.I)]
        if stale:
            return "the Commands section still offers %s, which the CLI no longer has: %r" % (old, stale)
    if re.search(r"HOME_LEGS|AWAY_LEGS", body):
        return "the result command is still documented with separate HOME_LEGS AWAY_LEGS arguments"
    res = [x for x in body.splitlines() if re.search(r"score|\b\d-\d\b", x, re.I)]
    if not res:
        return "the Commands section does not say that result takes one score such as 5-3"
    return None


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    changed = [p for p in _changed(root, original) if p != "README.md"]
    if changed:
        return False, "only README.md should change, but so did: %s" % ", ".join(changed)
    text = _read(root, "README.md")
    if text is None:
        return False, "README.md is missing"
    if "unittest discover" not in text:
        return False, "the README's Development section was lost"
    problem = _readme_problem(text)
    if problem:
        return False, problem
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "README Commands section matches the CLI; code untouched"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
