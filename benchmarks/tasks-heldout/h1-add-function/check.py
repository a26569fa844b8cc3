import subprocess, sys
def check(root, original, summary):
    out = subprocess.run([sys.executable, "-c", "import mathx; print(mathx.square(7), mathx.double(4))"], cwd=root, capture_output=True, text=True, timeout=20)
    return (out.stdout.strip() == "49 8", f"printed {out.stdout.strip()!r} {out.stderr.strip()[-200:]!r}")
