import re


def check(root, original, summary):
    if (root / "app.py").read_text() != (original / "app.py").read_text():
        return False, "app.py was changed"
    said = set(re.findall(r"\b(\d+|one|two|three|four|five)\b", (summary or "").lower()))
    return (said in ({"3"}, {"three"}, {"3", "three"}), f"summary {summary!r}")
