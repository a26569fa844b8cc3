def check(root, original, summary):
    if (root / "old_notes.txt").exists():
        return False, "old_notes.txt is still there"
    kept = all((root / n).exists() and (root / n).read_text() == (original / n).read_text() for n in ("notes.txt", "main.py"))
    return (kept, "the other files are " + ("intact" if kept else "changed or gone"))
