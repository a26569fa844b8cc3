import subprocess, sys
def _run(root, code):
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=20)
    return out.stdout, out.stderr.strip()[-200:]
def check(root, original, summary):
    out, err = _run(root, "import app; print(app.greet('Bo'))")
    return (out == "Welcome, Bo!\n", f"printed {out!r} {err!r}")
