def check(root, original, summary):
    moved = root / "lib" / "util.py"
    if (root / "util.py").exists():
        return False, "util.py is still at the top"
    return (moved.is_file() and moved.read_text() == (original / "util.py").read_text(), "lib/util.py " + ("holds util.py" if moved.is_file() else "is missing"))
