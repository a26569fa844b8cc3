import re
def check(root, original, summary):
    if (root / "data.txt").read_text() != (original / "data.txt").read_text():
        return False, "data.txt was changed"
    said = set(re.findall(r"\b(\d+|five|four|six)\b", (summary or "").lower()))
    return (said in ({"5"}, {"five"}, {"5", "five"}), f"summary {summary!r}")
