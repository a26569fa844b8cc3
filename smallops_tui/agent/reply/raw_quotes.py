"""Reading an action whose last string holds raw double quotes.

A small model writing code into a JSON string forgets to escape a quote now and then
(`"content": "print("hello")\n"`). The embedded model's grammar lets such a quote through where it
is not followed by `}` (backends/grammar_sampler.py), so the file is not cut at `print(`; a served
model may send the same. Such a reply is not JSON: it is read here as the one action it plainly is,
with the quotes inside its last string (a content, a command, a summary) taken as part of it, and
the parser says so as a repair. Anything else that does not parse is left to the parser's sentence.
"""

from __future__ import annotations

import re

from . import lenient_json

# One object: its head up to the opening quote of the last string, that string's text, and `"}`.
_LAST_STRING = re.compile(r'(?P<head>\s*\{[^{}]*?"(?P<key>content|command|summary|new)"\s*:\s*")(?P<body>.*)'
                          r'(?P<tail>"\s*\}\s*)', re.DOTALL)


def _escape_bare_quotes(body: str) -> tuple[str, int]:
    """`body` with each `"` that no backslash escapes escaped, and how many there were."""
    out, count, i = [], 0, 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            out.append(body[i:i + 2])
            i += 2
            continue
        if ch == '"':
            out.append('\\"')
            count += 1
        else:
            out.append(ch)
        i += 1
    return "".join(out), count


def with_raw_quotes_escaped(text: str) -> tuple[str, str, int] | None:
    """(the reply with the raw quotes of its last string escaped, that string's key, how many), or
    None when the reply reads as it is or is not one object of that shape."""
    start = text.find("{")
    if start < 0:
        return None
    try:
        lenient_json.parse_value(text, start)
        return None  # it reads as it is
    except lenient_json.LenientJSONError:
        pass
    match = _LAST_STRING.fullmatch(text)
    if match is None:
        return None
    body, count = _escape_bare_quotes(match["body"])
    if count == 0:
        return None
    fixed = match["head"] + body + match["tail"]
    try:
        lenient_json.parse_value(fixed, fixed.find("{"))
    except lenient_json.LenientJSONError:
        return None
    return fixed, match["key"], count
