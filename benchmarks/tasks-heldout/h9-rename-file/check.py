def check(root, original, summary):
    if (root / "notes.txt").exists():
        return False, "notes.txt is still there"
    f = root / "notes.md"
    return (f.is_file() and f.read_text() == (original / "notes.txt").read_text(), "notes.md " + ("holds the notes" if f.is_file() else "is missing"))
