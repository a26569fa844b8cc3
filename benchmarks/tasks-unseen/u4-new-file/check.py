def check(root, original, summary):
    f = root / "VERSION"
    if not f.is_file():
        return False, "no VERSION file"
    text = f.read_text()
    return (text.strip() == "1.2.0" and text.count("\n") <= 1, f"VERSION holds {text!r}")
