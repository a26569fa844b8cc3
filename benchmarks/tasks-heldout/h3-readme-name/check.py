def check(root, original, summary):
    text = (root / "README.md").read_text()
    want = (original / "README.md").read_text().replace("tinycalc", "minicalc")
    return (text == want, f"README.md holds {text!r}")
