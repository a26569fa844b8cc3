# Check for a held-out benchmark task (tasks-heldout12). Standard library only.
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
_N = r"(?<![\d.])%s(?![\d.])"
WIN = [r"\bwins?\b[^\d\n]{0,40}?(?:%s|\bthree\b)" % (_N % "3"),
       r"(?:%s|\bthree\b)\s+points?\s+(?:for|per)\s+(?:a|each|every)?\s*win" % (_N % "3")]
OLD_WIN = [r"\bwins?\b[^\d\n]{0,40}?(?:%s|\btwo\b)\s*(?:league\s+)?points?" % (_N % "2"),
           r"(?:%s|\btwo\b)\s+points?\s+(?:for|per)\s+(?:a|each|every)?\s*win" % (_N % "2")]
DRAW = [r"\bdraw[sn]?\b[^\d\n]{0,40}?(?:%s|\bone\b)" % (_N % "1"),
        r"(?:%s|\bone\b)\s+points?\s+(?:for|per)\s+(?:a|each|every)?\s*draw" % (_N % "1")]
LOSS = [r"\b(?:loss|losses|lose|defeat)\b[^\d\n]{0,40}?(?:%s|\bzero\b|\bno\b|\bnothing\b|\bnone\b)" % (_N % "0"),
        r"(?:%s|\bzero\b|\bno\b)\s+points?\s+(?:for|per)\s+(?:a|each|every)?\s*(?:loss|defeat)" % (_N % "0")]
BONUS = r"bonus[^\n]*%s|%s[^\n]*bonus" % (_N % "40", _N % "40")
TIE = r"\bties?\b|\btied\b|tie-?break|\blevel\b|equal on points|same (?:number of )?points|equal points"


def _section(text):
    """Text of the README section whose heading mentions scoring or points."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^(#{1,6})\s*(.*)$", line)
        if m and re.search(r"scor|point", m.group(2), re.I):
            level = len(m.group(1))
            body = []
            for nxt in lines[i + 1:]:
                h = re.match(r"^(#{1,6})\s", nxt)
                if h and len(h.group(1)) <= level:
                    break
                body.append(nxt)
            return "\n".join(body)
    return None


def _any(patterns, text):
    return any(re.search(p, text, re.I) for p in patterns)


def _tiebreak_ok(body):
    """Some passage about teams level on points names correct answers before
    (or without) the team name."""
    for m in re.finditer(TIE, body, re.I):
        rest = body[m.start():m.start() + 400]
        paras = re.split(r"\n\s*\n", rest)
        rest = paras[0]
        if rest.rstrip().endswith(":") and len(paras) > 1:  # "... sorted by:" then a list
            rest += "\n" + paras[1]
        lines = rest.split("\n")
        rest = "\n".join([lines[0]] + [x for x in lines[1:] if not re.search("bonus", x, re.I)])
        ans = re.search(r"answer|correct", rest, re.I)
        name = re.search(r"alphabet|\bname\b|a-z", rest, re.I)
        if ans and (not name or ans.start() < name.start()):
            return True
    return False


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
    if "parse_results(open(" not in text or not re.search(r"(?m)^#+\s*Usage", text):
        return False, "the README's Usage section was lost"
    body = _section(text)
    if body is None:
        return False, "README.md has no Scoring section any more"
    if _any(OLD_WIN, body):
        return False, "the Scoring section still says a win is worth 2 points"
    if not _any(WIN, body):
        return False, "the Scoring section does not say a win is worth 3 points"
    if not _any(DRAW, body):
        return False, "the Scoring section does not say a draw is worth 1 point"
    if not _any(LOSS, body):
        return False, "the Scoring section does not say a loss is worth 0 points"
    if re.search(r"\bno bonus points\b|\bthere (?:are|is) no bonus", body, re.I):
        return False, "the Scoring section still says there are no bonus points"
    if not re.search(BONUS, body, re.I):
        return False, "the Scoring section does not describe the bonus point for 40 correct answers"
    if not _tiebreak_ok(body):
        return False, ("the Scoring section does not say that teams level on points are "
                       "ordered by correct answers (before the team name)")
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "README Scoring section matches the code; code untouched"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
