def check(root, original, summary):
    text = (root / "people.csv").read_text()
    return (text in ("name,age\nalice,30\nbob,25\ncarol,35\n", "name,age\nalice,30\nbob,25\ncarol,35"), f"people.csv holds {text!r}")
