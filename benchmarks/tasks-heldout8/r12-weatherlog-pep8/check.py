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
import io
import tokenize

TARGET = "weatherlog/stations.py"
SPACED = {"==", "!=", "<=", ">=", "<", ">", "+=", "-=", "*=", "/=", "//=", "%=", "->"}
CLOSERS = {")", "]", "}"}


def _style_problems(src):  # noqa: C901 - one branch per style rule, in order
    probs = []
    for i, line in enumerate(src.splitlines(), 1):
        if "\t" in line:
            probs.append("line %d: tab character" % i)
        if line != line.rstrip():
            probs.append("line %d: trailing whitespace" % i)
        if len(line) > 79:
            probs.append("line %d: %d characters long" % (i, len(line)))
    toks = [t for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in (tokenize.COMMENT,)]
    stack, depth = [0], 0
    for idx, tok in enumerate(toks):
        if tok.type == tokenize.INDENT:
            width = len(tok.string)
            if tok.string.strip(" ") or width != stack[-1] + 4:
                probs.append("line %d: indentation is not 4 spaces per level" % tok.start[0])
            stack.append(width)
            continue
        if tok.type == tokenize.DEDENT:
            if len(stack) > 1:
                stack.pop()
            continue
        if tok.type != tokenize.OP:
            continue
        s = tok.string
        if s in "([{":
            depth += 1
            continue
        if s in CLOSERS:
            depth -= 1
            continue
        prev = toks[idx - 1] if idx else None
        nxt = toks[idx + 1] if idx + 1 < len(toks) else None
        gap_before = prev is not None and prev.end[0] == tok.start[0] and prev.end[1] < tok.start[1]
        gap_after = nxt is not None and nxt.start[0] == tok.end[0] and nxt.start[1] > tok.end[1]
        ok_before = prev is None or prev.end[0] != tok.start[0] or gap_before
        ok_after = nxt is None or nxt.start[0] != tok.end[0] or gap_after \
            or nxt.type in (tokenize.NEWLINE, tokenize.NL)
        if s in SPACED or (s == "=" and depth == 0):
            if not (ok_before and ok_after):
                probs.append("line %d: missing spaces around %r" % (tok.start[0], s))
        elif s == "=":
            if gap_before or gap_after:
                probs.append("line %d: spaces around keyword/default '='" % tok.start[0])
        elif s == ",":
            if gap_before:
                probs.append("line %d: space before ','" % tok.start[0])
            if not ok_after and not (nxt.type == tokenize.OP and nxt.string in CLOSERS):
                probs.append("line %d: missing space after ','" % tok.start[0])
        elif s == ";":
            probs.append("line %d: several statements on one line" % tok.start[0])
    tree = ast.parse(src)
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.FunctionDef,
                             ast.ClassDef, ast.Try)):
            if node.body and node.body[0].lineno == node.lineno:
                probs.append("line %d: compound statement on one line" % node.lineno)
    lines = src.splitlines()
    for pos, node in enumerate(tree.body):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or pos == 0:
            continue
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        j = start - 2
        while j >= 0 and lines[j].strip().startswith("#"):
            j -= 1
        blanks = 0
        while j >= 0 and not lines[j].strip():
            blanks += 1
            j -= 1
        if blanks != 2:
            probs.append("line %d: %d blank lines before top-level %s (expected 2)"
                         % (start, blanks, node.name))
    return probs


def _check(root, original, summary):
    new, old = _read(root, TARGET), _orig(original, TARGET)
    if new is None or old is None:
        return False, "%s missing" % TARGET
    try:
        same = ast.dump(ast.parse(new)) == ast.dump(ast.parse(old))
    except SyntaxError as exc:
        return False, "%s does not parse: %s" % (TARGET, exc)
    if not same:
        return False, "%s: the code itself changed (AST differs), not just its formatting" % TARGET
    orig = _orig_files(original)
    for rel, data in sorted(orig.items()):
        if not rel.endswith(".py") or rel == TARGET:
            continue
        now = _read(root, rel)
        if now is None:
            return False, "%s was removed" % rel
        try:
            if ast.dump(ast.parse(now)) != ast.dump(ast.parse(data.decode("utf-8"))):
                return False, "%s changed" % rel
        except SyntaxError:
            return False, "%s does not parse" % rel
    try:
        probs = _style_problems(new)
    except Exception as exc:
        return False, "could not tokenize %s: %r" % (TARGET, exc)
    if probs:
        return False, "%s still not PEP 8: %s" % (TARGET, "; ".join(probs[:6]))
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 7:
        return False, "fewer tests ran than before: " + out
    return True, "stations.py reformatted (4-space indents, <80 cols, spacing, blank lines); AST identical"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
