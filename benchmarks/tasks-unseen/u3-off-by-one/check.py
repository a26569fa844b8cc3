import subprocess, sys
def check(root, original, summary):
    code = "import counting; print(counting.count_up(3), counting.count_up(1), counting.count_up(0))"
    out = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); " + code], cwd=root, capture_output=True, text=True, timeout=20)
    return (out.stdout.strip() == "[1, 2, 3] [1] []", f"printed {out.stdout.strip()!r} {out.stderr.strip()[-200:]!r}")
