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
import configparser

RENDER = r'''
from zonetool import load_config, render_zone
print(render_zone(load_config("zonetool.ini")))
'''


def _parse(text):
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read_string(text)
    return {s: {k: v.strip() for k, v in cp.items(s)} for s in cp.sections()}


def _norm_host(h):
    return h.strip().lower()


def _check(root, original, summary):  # noqa: C901 — one flat list of what the INI must and must not hold, read top to bottom
    before_text = _orig(original, "zonetool.ini")
    after_text = _read(root, "zonetool.ini")
    if before_text is None:
        return False, "could not read the original zonetool.ini"
    if after_text is None:
        return False, "zonetool.ini is missing"
    try:
        before = _parse(before_text)
        after = _parse(after_text)
    except Exception as exc:
        return False, "zonetool.ini does not parse: %r" % (exc,)
    if set(after) != set(before):
        return False, "sections changed: %r" % (sorted(after),)
    try:
        ttl = int(after["zone"].get("default_ttl", ""))
    except ValueError:
        return False, "default_ttl is not a number of seconds: %r" % (after["zone"].get("default_ttl"),)
    if ttl != 3600:
        return False, "default_ttl is %d, want 3600" % ttl
    want_ns = sorted([_norm_host(v) for v in before["nameservers"].values()] + ["ns3.example.org."])
    got_ns = sorted(_norm_host(v) for v in after["nameservers"].values())
    if got_ns != want_ns:
        return False, "nameservers are %r, want %r" % (got_ns, want_ns)
    for section in before:
        if section == "nameservers":
            continue
        for key in set(before[section]) | set(after[section]):
            if section == "zone" and key == "default_ttl":
                continue
            a, b = before[section].get(key), after[section].get(key)
            if section == "soa" and key == "serial" and a is not None and b is not None:
                try:
                    if int(b) >= int(a):
                        continue
                except ValueError:
                    pass
                return False, "SOA serial went backwards or is not a number: %r" % (b,)
            if a != b:
                return False, "[%s] %s changed from %r to %r" % (section, key, a, b)
    ok, out = _py(root, RENDER)
    if not ok:
        return False, "zonetool cannot load the new config: " + out
    lines = [l.strip() for l in out.splitlines()]
    if "$TTL 3600" not in lines:
        return False, "rendered zone has no $TTL 3600: " + out[-600:]
    if "@ IN NS ns3.example.org." not in lines:
        return False, "rendered zone has no NS record for ns3.example.org.: " + out[-600:]
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 4:
        return False, "fewer tests ran than before: " + out
    return True, "TTL is 3600 and ns3.example.org. added; rest unchanged; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
