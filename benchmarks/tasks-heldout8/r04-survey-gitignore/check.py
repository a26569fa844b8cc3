# Check for a held-out benchmark task (tasks-heldout8). Standard library only.
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
# A small re-implementation of git's .gitignore rules (anchoring, "**",
# directory-only patterns, negation, nested .gitignore files, and "a file
# cannot be re-included if a parent directory is excluded").


def _gi_regex(pat):
    out = []
    i, n = 0, len(pat)
    while i < n:
        if pat.startswith("**/", i) and (i == 0 or pat[i - 1] == "/"):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pat.startswith("/**", i) and i + 3 == n:
            out.append("/.*")
            i += 3
            continue
        c = pat[i]
        if c == "*":
            while i + 1 < n and pat[i + 1] == "*":
                i += 1
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            j = i + 1
            if j < n and pat[j] in "!^":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                out.append(re.escape(c))
            else:
                body = pat[i + 1:j]
                if body[:1] in ("!", "^"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = j
        elif c == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(pat[i]))
        else:
            out.append(re.escape(c))
        i += 1
    return re.compile("^" + "".join(out) + "$", re.S)


def _gi_rules(files):
    """Rules from every .gitignore in {relpath: bytes}, shallow files first."""
    rules = []
    names = sorted((k for k in files if k == ".gitignore" or k.endswith("/.gitignore")),
                   key=lambda k: (k.count("/"), k))
    for name in names:
        base = name[:-len(".gitignore")].rstrip("/")
        for raw in files[name].decode("utf-8", "replace").splitlines():
            line = raw.rstrip("\r")
            while line.endswith(" ") and not line.endswith("\\ "):
                line = line[:-1]
            if not line or line.startswith("#"):
                continue
            neg = line.startswith("!")
            if neg:
                line = line[1:]
            elif line.startswith(("\\!", "\\#")):
                line = line[1:]
            dir_only = line.endswith("/")
            if dir_only:
                line = line[:-1]
            if not line:
                continue
            anchored = "/" in line
            if line.startswith("/"):
                line = line[1:]
            try:
                rx = _gi_regex(line)
            except re.error:
                continue
            rules.append((base, neg, dir_only, anchored, rx))
    return rules


def _gi_match(rules, rel, is_dir):
    result = False
    for base, neg, dir_only, anchored, rx in rules:
        if base:
            if not rel.startswith(base + "/"):
                continue
            sub = rel[len(base) + 1:]
        else:
            sub = rel
        if dir_only and not is_dir:
            continue
        target = sub if anchored else sub.rsplit("/", 1)[-1]
        if rx.match(target):
            result = not neg
    return result


def _gi_ignored(rules, rel, is_dir=False):
    parts = rel.split("/")
    for k in range(1, len(parts)):
        if _gi_match(rules, "/".join(parts[:k]), True):
            return True
    return _gi_match(rules, rel, is_dir)


IGNORED = [
    "data/2026-04-north-marsh.csv", "data/raw.csv", "data/2026-05-reedbed.csv",
    "out/report.html", "out/maps/north.png", "out/.keep",
    "sync.sqlite3", "fieldsurvey/cache.sqlite3", "data/sync.sqlite3",
    "tests/tmp/run.sqlite3",
    "fieldsurvey/__pycache__/tally.cpython-311.pyc", "stray.pyc", ".venv/bin/python",
]
TRACKED = [
    "data/sample.csv", "fieldsurvey/tally.py", "fieldsurvey/__init__.py",
    "fieldsurvey/__main__.py", "tests/test_tally.py", "README.md", ".gitignore",
    "fieldsurvey/sqlite3_notes.py", "docs/output.md",
]


def _check(root, original, summary):
    orig = _orig_files(original)
    now = _snapshot(root)
    changed = sorted(k for k in set(orig) | set(now) if orig.get(k) != now.get(k)
                     and not (k == ".gitignore" or k.endswith("/.gitignore")))
    if changed:
        return False, "files other than .gitignore changed: %s" % ", ".join(changed)
    if ".gitignore" not in now:
        return False, ".gitignore is missing"
    rules = _gi_rules(now)
    wrong = [p for p in IGNORED if not _gi_ignored(rules, p)]
    if wrong:
        return False, "not ignored but should be: %s" % ", ".join(wrong)
    wrong = [p for p in TRACKED if _gi_ignored(rules, p)]
    if wrong:
        return False, "ignored but must stay tracked: %s" % ", ".join(wrong)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "data/ dumps, out/ and *.sqlite3 ignored; data/sample.csv still tracked"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
