import subprocess, sys
def check(root, original, summary):
    if not (root / "hello.py").is_file():
        return False, "no hello.py"
    out = subprocess.run([sys.executable, "hello.py"], cwd=root, capture_output=True, text=True, timeout=20)
    return (out.stdout == "Hello, world!\n", f"printed {out.stdout!r} {out.stderr.strip()[-200:]!r}")
