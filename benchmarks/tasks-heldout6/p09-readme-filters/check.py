# Check for a held-out benchmark task (tasks-heldout6). Standard library only.
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
EXPECTED = ["default", "escape", "join", "length", "lower", "strip", "title", "truncate", "upper"]

REGISTRY = r'''
import tinytpl
print(",".join(sorted(tinytpl.FILTERS)))
'''


def _headings(text):
    """[(line index, level, title)] for Markdown headings outside code fences."""
    out, fenced = [], False
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m and not fenced:
            out.append((i, len(m.group(1)), m.group(2)))
        elif not fenced and i > 0 and re.match(r"^(=+|-+)\s*$", line) and lines[i - 1].strip() \
                and not lines[i - 1].lstrip().startswith(("-", "*", "|")):
            out.append((i - 1, 1 if line.strip()[0] == "=" else 2, lines[i - 1].strip()))
    return out


def _section(text, pattern):
    lines = text.splitlines()
    heads = _headings(text)
    for n, (i, level, title) in enumerate(heads):
        if re.search(pattern, title, re.I):
            end = len(lines)
            for j, lev, _ in heads[n + 1:]:
                if lev <= level:
                    end = j
                    break
            return "\n".join(lines[i + 1:end])
    return None


def _check(root, original, summary):
    readme = _read(root, "README.md")
    if readme is None:
        return False, "README.md is missing"
    body = _section(readme, r"filter")
    if body is None:
        return False, "README has no Filters section heading"
    missing = [name for name in EXPECTED if not re.search(r"\b%s\b" % name, body)]
    if missing:
        return False, "Filters section does not list: " + ", ".join(missing)
    titles = [t.lower() for _, _, t in _headings(readme)]
    for keep in ("usage", "syntax", "tests"):
        if not any(keep in t for t in titles):
            return False, "README lost its %r section" % keep
    ok, out = _py(root, REGISTRY)
    if not ok or out.strip().splitlines()[-1:] != [",".join(EXPECTED)]:
        return False, "the set of registered filters changed: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "README Filters section lists all nine filters; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
