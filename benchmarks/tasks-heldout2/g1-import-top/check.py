def check(root, original, summary):
    text = (root / "tool.py").read_text()
    want = "import os\n" + (original / "tool.py").read_text()
    return (text in (want, want.replace("import os\n", "import os\n\n", 1)), f"tool.py holds {text!r}")
