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
HIDDEN = r'''
import itertools
import cinema.concessions as concessions
import cinema.money as money
import cinema.tickets as tickets
from cinema import combo_price, group_price, snack_price, ticket_price
from cinema.money import apply_vat

def ref_vat(n, r):
    return (n * (100 + r) + 50) // 100

NET = {"adult": 1000, "child": 650, "senior": 720, "student": 800}
SNACKS = {"popcorn": 420, "nachos": 510, "cola": 290, "water": 150, "ice cream": 375}
SIZE = {"small": -60, "regular": 0, "large": 95}

for n in list(range(0, 400)) + [999, 1000, 1001, 12345]:
    for r in (0, 5, 12, 20, 23):
        got = apply_vat(n, r)
        assert got == ref_vat(n, r), "apply_vat(%d, %d) = %r, expected %r" % (n, r, got, ref_vat(n, r))
        assert isinstance(got, int), "apply_vat must return int cents, got %r" % (got,)
for kind, net in NET.items():
    for hour in (11, 16, 17, 21):
        n = net * 80 // 100 if hour < 17 else net
        assert ticket_price(kind, hour) == ref_vat(n, 5), (kind, hour)
        assert ticket_price(kind, hour, vat_rate=12) == ref_vat(n, 12), (kind, hour)
for item, net in SNACKS.items():
    for size, extra in SIZE.items():
        assert snack_price(item, size) == ref_vat(net + extra, 20), (item, size)
        assert snack_price(item, size, vat_rate=7) == ref_vat(net + extra, 7), (item, size)
for k in (1, 2, 3):
    for combo in itertools.combinations(sorted(SNACKS), k):
        n = sum(SNACKS[i] for i in combo) * 90 // 100
        assert combo_price(list(combo)) == ref_vat(n, 20), combo
        assert combo_price(list(combo), vat_rate=13) == ref_vat(n, 13), combo
assert group_price(["child", "senior"] * 3, 15) == 2 * ref_vat(520, 5) + 3 * ref_vat(576, 5)

calls = []
real = money.apply_vat
def spy(*a, **k):
    calls.append(a)
    return real(*a, **k)
money.apply_vat = spy
for mod in (tickets, concessions):
    if hasattr(mod, "apply_vat"):
        mod.apply_vat = spy
for label, fn in (("ticket_price", lambda: ticket_price("adult", 20)),
                  ("snack_price", lambda: snack_price("cola", "large")),
                  ("combo_price", lambda: combo_price(["popcorn", "water"]))):
    del calls[:]
    fn()
    assert calls, "%s does not use cinema.money.apply_vat" % label
print("OK")
'''


def _inline_rounding(src):
    """Places where `... + 50` (the half-cent rounding) is still written out."""
    hits = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            for side in (node.left, node.right):
                if isinstance(side, ast.Constant) and side.value == 50:
                    hits.append(node.lineno)
    return hits


def _check(root, original, summary):
    money = _read(root, "cinema/money.py")
    if money is None:
        return False, "cinema/money.py is missing"
    defs = _top_defs(money)
    if defs is None or "apply_vat" not in defs:
        return False, "cinema/money.py has no top-level apply_vat"
    for rel in ("cinema/tickets.py", "cinema/concessions.py"):
        src = _read(root, rel)
        if src is None:
            return False, "%s is missing" % rel
        try:
            hits = _inline_rounding(src)
        except SyntaxError as exc:
            return False, "%s does not parse: %s" % (rel, exc)
        if hits:
            return False, "%s still rounds VAT inline (line %s)" % (rel, ", ".join(map(str, hits)))
    ok, out = _py(root, HIDDEN)
    if not ok:
        return False, "prices or helper use are wrong: " + out
    ok, out = _unittest(root)
    if not ok:
        return False, "test suite fails: " + out
    if _tests_ran(out) < 6:
        return False, "fewer tests ran than before: " + out
    return True, "apply_vat in cinema/money.py used by ticket, snack and combo prices; prices unchanged"


# ---- entry point ----------------------------------------------------------
def check(root, original, summary):
    try:
        result = _check(Path(root), original if original is not None else {}, summary or "")
        return bool(result[0]), str(result[1])
    except Exception as exc:
        return False, "check error: %r" % (exc,)
