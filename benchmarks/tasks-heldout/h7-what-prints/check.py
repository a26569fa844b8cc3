def check(root, original, summary):
    if (root / "main.py").read_text() != (original / "main.py").read_text():
        return False, "main.py was changed"
    return ("54" in (summary or ""), f"summary {summary!r}")
