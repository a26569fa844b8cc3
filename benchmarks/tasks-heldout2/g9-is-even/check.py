import subprocess, sys
def _run(root, code):
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=20)
    return out.stdout, out.stderr.strip()[-200:]
def check(root, original, summary):
    out, err = _run(root, "import nums; print([nums.is_even(i) for i in range(4)])")
    return (out == "[True, False, True, False]\n", f"printed {out!r} {err!r}")
