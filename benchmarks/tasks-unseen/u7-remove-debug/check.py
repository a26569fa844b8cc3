def check(root, original, summary):
    text = (root / "main.py").read_text()
    return (text == "total = 2 + 3\nprint(total)\n", f"main.py holds {text!r}")
