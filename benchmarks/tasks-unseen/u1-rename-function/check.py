import subprocess, sys
def check(root, original, summary):
    texts = {n: (root / n).read_text() for n in ("util.py", "main.py") if (root / n).exists()}
    if len(texts) != 2:
        return False, "util.py or main.py is gone"
    if any("calc_total" in t for t in texts.values()):
        return False, "calc_total is still there"
    if "def total_price(" not in texts["util.py"]:
        return False, "util.py defines no total_price"
    out = subprocess.run([sys.executable, "main.py"], cwd=root, capture_output=True, text=True, timeout=20)
    return (out.stdout.strip() == "5", f"main.py printed {out.stdout.strip()!r} {out.stderr.strip()[-200:]!r}")
