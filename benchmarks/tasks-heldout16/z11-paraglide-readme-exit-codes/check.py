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
# The codes windsock.cli really returns: verdicts from EXIT_FOR_VERDICT, 3 for an
# unknown site, and argparse's own exit status 2 for a usage error.
CODES = {"go": 0, "marginal": 10, "nofly": 20, "usage": 2, "site": 3}
KEYWORDS = {
    "go": r"(?<!no-)(?<!no )\bgo\b|\bflyable\b(?!,? but)|ok to fly|safe to fly",
    "marginal": r"marginal",
    "nofly": r"no[- ]?fly|do not (?:fly|launch)|don't (?:fly|launch)|not flyable|unflyable|grounded",
    "usage": r"usage|argument|command[- ]line|invalid (?:input|option)|bad (?:input|option)|unknown option"
             r"|missing (?:option|value)|syntax|argparse",
    "site": r"(?:unknown|unrecogni[sz]ed|invalid|no such|bad)\s+site|site(?:\s+name)?\s+(?:was\s+|is\s+)?"
            r"(?:not\s+(?:known|found|recogni[sz]ed|listed)|unknown)|not a known site|isn't a known site",
}
STRICT = ("go", "marginal", "nofly")   # never paired with another code
INT = re.compile(r"(?<![\w.])\d+(?![\w]|\.\d)")


def _section(text):
    lines = (text or "").splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^(#{1,6})\s+(.*)$", line)
        if m and re.search(r"\bexit\b", m.group(2), re.I):
            level = len(m.group(1))
            body = []
            for nxt in lines[i + 1:]:
                h = re.match(r"^(#{1,6})\s", nxt)
                if h and len(h.group(1)) <= level:
                    break
                body.append(nxt)
            return body
    return None


def _lead_code(line):
    s = re.sub(r"^[\s>*+\-|`_]+", "", line)
    s = re.sub(r"^\d+\.\s+[\s*`_]*(?=\d)", "", s)
    m = re.match(r"(\d+)(?![\d]|\.\d)", s)
    return int(m.group(1)) if m else None


def _nearest(text, pattern):
    """[code] for each keyword match in text, paired with the nearest number."""
    ints = [(m.start(), m.end(), int(m.group())) for m in INT.finditer(text)]
    found = []
    for m in re.finditer(pattern, text, re.I):
        if ints:
            dist = lambda t: max(0, t[0] - m.end(), m.start() - t[1])
            found.append(min(ints, key=dist)[2])
    return found


def _pairs(lines):
    """[(category, code it is paired with)] for every keyword found."""
    out = []
    for line in lines:
        lead = _lead_code(line)
        if lead is not None:
            out += [(cat, lead) for cat, pattern in KEYWORDS.items() if re.search(pattern, line, re.I)]
            continue
        # prose: pair a keyword with the nearest number in its clause, else in the line
        clauses = re.split(r"[,;()]|\.(?=\s|$)|\b(?:and|or|while|whereas|but)\b", line)
        for cat, pattern in KEYWORDS.items():
            codes = []
            for clause in clauses:
                codes += _nearest(clause, pattern)
            if not codes:
                codes = _nearest(line, pattern)
            out += [(cat, code) for code in codes]
    return out


def _headings(text):
    return [re.sub(r"\s+", " ", l.strip("# ").strip()).lower()
            for l in (text or "").splitlines() if re.match(r"^#{1,6}\s", l)]


def _check(root, original, summary):
    changed = _changed(root, original)
    others = [p for p in changed if p != "README.md"]
    if others:
        return False, "only README.md may change, but so did: %s" % ", ".join(others)
    readme = _read(root, "README.md")
    if readme is None:
        return False, "README.md is missing"
    lost = [h for h in _headings(_orig(original, "README.md")) if h not in _headings(readme)]
    if lost:
        return False, "README.md lost sections: %s" % ", ".join(lost)
    body = _section(readme)
    if body is None:
        return False, "README.md has no exit status section"
    leads = sorted({c for c in (_lead_code(l) for l in body) if c is not None} - set(CODES.values()))
    if leads:
        return False, "the exit status section lists codes windsock never returns: %s" % leads
    pairs = _pairs(body)
    for cat in STRICT:
        wrong = sorted({code for c, code in pairs if c == cat and code != CODES[cat]})
        if wrong:
            return False, "the exit status section pairs %s with %s (it is %d)" % (cat, wrong, CODES[cat])
    missing = [cat for cat in CODES if (cat, CODES[cat]) not in pairs]
    if missing:
        return False, "the exit status section does not give: %s" % ", ".join(
            "%s = %d" % (c, CODES[c]) for c in missing)
    return True, "exit status section matches the CLI (0, 10, 20, 3 and 2 for usage errors); only README changed"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
