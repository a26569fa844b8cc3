"""The individual checks. Each problem is a (line number, message) pair."""
import re

_URL_ONLY = re.compile(r"^\s*(?:[-*]\s+)?<?https?://\S+>?\s*$")
_BAD_HEADING = re.compile(r"^#{1,6}[^#\s]")


def lint_text(text, max_line_length=80, check_trailing_whitespace=True):
    """All problems in a Markdown document, in line order."""
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > max_line_length and not _URL_ONLY.match(line):
            problems.append((number, "line too long (%d > %d)" % (len(line), max_line_length)))
        if check_trailing_whitespace and line != line.rstrip():
            problems.append((number, "trailing whitespace"))
        if _BAD_HEADING.match(line):
            problems.append((number, "missing space after heading marker"))
    return problems
