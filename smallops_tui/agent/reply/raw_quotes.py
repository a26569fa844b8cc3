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

# The opening of the last string (its key and its opening quote), and the `"}` that ends the reply.
# Found by a search and a look at the end, never by one pattern over the whole reply: a pattern with
# a free middle backtracks over each candidate opening, and a hostile reply of a million characters
# would take minutes.
_OPENING = re.compile(r'"(content|command|summary|new)"\s*:\s*"')


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


def _closing_quote(text: str) -> int:
    """Where the `"` of the reply's final `"}` is (spaces allowed around the brace), or -1."""
    end = len(text.rstrip())
    if end == 0 or text[end - 1] != "}":
        return -1
    quote = len(text[:end - 1].rstrip()) - 1
    return quote if quote >= 0 and text[quote] == '"' else -1


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
    if text[:start].strip():
        return None  # prose before the object: not the one action a grammar makes
    opening = _OPENING.search(text, start)
    closing = _closing_quote(text)
    if opening is None or closing < opening.end() or any(c in text[start + 1:opening.start()] for c in "{}"):
        return None
    body, count = _escape_bare_quotes(text[opening.end():closing])
    if count == 0:
        return None
    fixed = text[:opening.end()] + body + text[closing:]
    try:
        lenient_json.parse_value(fixed, fixed.find("{"))
    except lenient_json.LenientJSONError:
        return None
    return fixed, opening.group(1), count
