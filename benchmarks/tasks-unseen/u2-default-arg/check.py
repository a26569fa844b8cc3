import subprocess, sys
def check(root, original, summary):
    code = "import greet; print(greet.greet()); print(greet.greet('Ann'))"
    out = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); " + code], cwd=root, capture_output=True, text=True, timeout=20)
    return (out.stdout == "Hello, world\nHello, Ann\n", f"printed {out.stdout!r} {out.stderr.strip()[-200:]!r}")
