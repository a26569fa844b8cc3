# Check for a held-out benchmark task (tasks-heldout9). Standard library only.
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
PARSE = r'''
import json
import sys

from birdtally.cli import build_parser

results = []
for argv in json.loads(sys.stdin.read()):
    try:
        ns = build_parser().parse_args(argv)
        results.append(getattr(ns, "command", None) or "?")
    except SystemExit as exc:
        results.append("help" if not exc.code else None)
print(json.dumps(results))
'''

OPTIONS = ("--count", "--site", "--from", "--to")
COMMANDS = ("log", "summary", "species")
STALE_COMMANDS = ("add", "report", "list")


def _commands(readme):
    """argv lists of every birdtally invocation shown in a fenced code block."""
    import shlex
    out, in_block, pending = [], False, ""
    for raw in readme.splitlines():
        line = raw.strip()
        if line.startswith("```") or line.startswith("~~~"):
            in_block, pending = not in_block, ""
            continue
        if not in_block:
            continue
        line = pending + line
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        if line.startswith(("$ ", "> ")):
            line = line[2:]
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        # a synopsis such as "birdtally log SPECIES [--count N]" is not an example
        if any(c in w for w in words for c in "[]<>{}|") or "..." in line \
                or any(re.fullmatch(r"[A-Z][A-Z_-]*", w) for w in words):
            continue
        for prefix in (["python", "-m", "birdtally"], ["python3", "-m", "birdtally"],
                       ["birdtally"]):
            if words[:len(prefix)] == prefix:
                out.append(words[len(prefix):])
                break
    return out


def _check(root, original, summary):  # noqa: C901
    import json
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    others = [p for p in _changed(root, original) if p != "README.md" and p.endswith(".py")]
    if others:
        return False, "only the README should change, but these did too: %s" % ", ".join(others)
    readme = _read(root, "README.md")
    if readme is None:
        return False, "README.md is missing"
    if readme == _orig(original, "README.md"):
        return False, "README.md is unchanged"
    commands = _commands(readme)
    if len(commands) < 3:
        return False, "README shows fewer than 3 birdtally command lines in code blocks"
    rc, out, err = _run(root, ["-c", PARSE], stdin=json.dumps(commands))
    if rc != 0:
        return False, "could not check the README commands: " + (out + err)[-600:]
    try:
        parsed = json.loads(out)
    except ValueError:
        return False, "could not check the README commands: " + out[-300:]
    bad = [" ".join(argv) for argv, res in zip(commands, parsed, strict=False) if res is None]
    if bad:
        return False, "README commands the CLI rejects: %s" % "; ".join(bad)
    missing = [c for c in COMMANDS if c not in parsed]
    if missing:
        return False, "README has no example for: %s" % ", ".join(missing)
    stale = [c for c in STALE_COMMANDS if re.search(r"birdtally\s+(?:--db\s+\S+\s+)?%s\b" % c, readme)]
    if stale or re.search(r"--since\b", readme):
        return False, "README still mentions old commands/options: %s" % (", ".join(stale) or "--since")
    undocumented = [o for o in OPTIONS if not re.search(r"(?<![\w-])%s\b" % re.escape(o), readme)]
    if undocumented:
        return False, "README does not mention: %s" % ", ".join(undocumented)
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    return True, "README usage matches the CLI (%d example commands parse)" % len(commands)


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
