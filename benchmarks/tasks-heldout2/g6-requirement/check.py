def check(root, original, summary):
    text = (root / "requirements.txt").read_text()
    return (text.splitlines() == ["httpx==0.27.0", "rich>=13", "pytest"], f"requirements.txt holds {text!r}")
