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
HIDDEN = r'''
import re
from hamlog.log import add_contact, load_log
from hamlog.report import band_summary


def names(msg, text):
    whole, _, frac = text.partition(".")
    tail = (r"\." + frac + "0*") if frac else r"(\.0*)?"
    return re.search(r"(?<![\d.])" + whole + tail + r"(?![\d])", msg) is not None


log = []
for freq, band in [(1.81, "160m"), (2.0, "160m"), (3.5, "80m"), (7.2, "40m"), (10.15, "30m"),
                   (14.074, "20m"), (18.1, "17m"), (28.5, "10m"), (52.0, "6m"), (144, "2m"),
                   (146.0, "2m")]:
    c = add_contact(log, "g4xyz", freq, "ssb")
    assert c.band == band, "add_contact(%r) gave band %r, expected %r" % (freq, c.band, band)
assert len(log) == 11, "expected 11 contacts, got %d" % len(log)
for text in ("3.2", "15.5", "10.2", "0.5", "200", "146.5", "52.5", "7.3", "100", "1.8", "24.5"):
    freq = float(text) if "." in text else int(text)
    try:
        add_contact(log, "G4XYZ", freq, "SSB")
    except ValueError as exc:
        assert names(str(exc), text), "the error for %s MHz does not name it: %r" % (text, str(exc))
    else:
        raise AssertionError("add_contact accepted %s MHz, which is in no amateur band" % text)
    assert len(log) == 11, "a contact on %s MHz was still added to the log" % text
try:
    add_contact(log, "G4XYZ", 14.2, "morse")
except ValueError:
    pass
else:
    raise AssertionError("an unknown mode is accepted again")
try:
    load_log(["DL1ABC 14.074 FT8", "X1Y 15.5 ssb"])
except ValueError as exc:
    assert names(str(exc), "15.5"), "load_log error does not name 15.5: %r" % (str(exc),)
else:
    raise AssertionError("load_log accepted 15.5 MHz")
good = load_log(["DL1ABC 14.074 FT8", "g4xyz 7.130 ssb", "F5AAA 14.2 ssb"])
assert band_summary(good) == "20m: 2 contacts\n40m: 1 contact", band_summary(good)
print("OK")
'''


def _check(root, original, summary):
    gone = _missing(root, original)
    if gone:
        return False, "files were deleted: %s" % ", ".join(gone)
    if _top_defs(_read(root, "hamlog/log.py")) is None:
        return False, "hamlog/log.py is missing or does not parse"
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "out-of-band frequencies are not rejected as asked: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "add_contact rejects out-of-band frequencies with a ValueError naming them; tests pass"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
