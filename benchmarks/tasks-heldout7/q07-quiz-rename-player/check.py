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
HIDDEN = r'''
import quiznight
import quiznight.roster as roster
from quiznight import Player, QuizRound, leaderboard, team_totals, by_team
from quiznight.roster import Player as P2
assert Player is P2
assert Player.__name__ == "Player", Player.__name__
for mod in (quiznight, roster):
    assert not hasattr(mod, "Contestant"), "%s still has Contestant" % mod.__name__

p = Player("bo", team="Owls")
assert repr(p) == "Player('bo', team='Owls', score=0)", repr(p)
p.answer(True, 2)
p.answer(False, 5)
assert p.score == 2

rnd = QuizRound("Film")
a, b = Player("amy", "Owls"), Player("cy")
rnd.add(a)
rnd.add(b)
rnd.record("cy", True, 3)
assert leaderboard([a, b, p]) == [("cy", 3), ("bo", 2), ("amy", 0)]
assert team_totals([a, b, p]) == [("Owls", 2)]
assert by_team([a, b]) == {"Owls": [a]}

def message(exc):
    text = str(exc.args[0]) if exc.args else str(exc)
    low = text.lower()
    assert "contestant" not in low and "player" in low, "message not updated: %r" % text

for call in (lambda: rnd.add("dee"), lambda: rnd.add(Player("amy")),
             lambda: rnd.record("zed", True)):
    try:
        call()
    except (TypeError, ValueError, KeyError) as exc:
        message(exc)
    else:
        raise AssertionError("no error raised")
print("OK")
'''


def _check(root, original, summary):
    leftovers = []
    for rel, text in sorted(_text_files(root).items()):
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(r"\bContestant\b", line):
                leftovers.append("%s:%d: %s" % (rel, n, line.strip()))
    if leftovers:
        return False, "Contestant still mentioned: " + "; ".join(leftovers[:6])
    readme = _read(root, "README.md") or ""
    if "Player" not in readme:
        return False, "README.md does not mention Player"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "rename incomplete: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "Contestant renamed to Player in code, messages, tests and README"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
