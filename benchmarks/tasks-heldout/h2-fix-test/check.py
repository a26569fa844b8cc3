import subprocess, sys
def check(root, original, summary):
    if (root / "test_shop.py").read_text() != (original / "test_shop.py").read_text():
        return False, "test_shop.py was changed"
    out = subprocess.run([sys.executable, "-m", "unittest", "-q", "test_shop"], cwd=root, capture_output=True, text=True, timeout=30)
    return (out.returncode == 0, out.stderr.strip()[-300:])
