import subprocess, sys
def _run(root, code):
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=20)
    return out.stdout, out.stderr.strip()[-200:]
def check(root, original, summary):
    out, err = _run(root, "import stats; print(stats.average([2, 4, 6]), stats.average([5]))")
    return (out == "4.0 5.0\n", f"printed {out!r} {err!r}")
