def check(root, original, summary):
    f = root / ".gitignore"
    if not f.is_file():
        return False, "no .gitignore"
    lines = [l.strip() for l in f.read_text().splitlines()]
    return ("*.log" in lines and (root / "run.log").exists() and (root / "app.py").exists(), f".gitignore holds {lines!r}")
