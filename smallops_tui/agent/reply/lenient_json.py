"""A JSON reader that accepts the mistakes small models make, and says which it accepted.

Strict JSON is read first, by the standard library's decoder (fast, and exact about escapes:
"\\ud83d\\ude00" is one emoji); only when that fails does the lenient reader run. It accepts
strict JSON plus: trailing commas, single-quoted strings, unquoted keys, Python literals
(True/False/None), raw newlines and tabs inside strings. Each leniency used is recorded so
the caller can list it as a repair; nothing is ever evaluated. Depth is capped so hostile
input cannot exhaust the stack.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from ..log.json_value import JsonObject, JsonValue

MAX_DEPTH = 64

TRAILING_COMMA = "trailing_comma"
SINGLE_QUOTES = "single_quotes"
UNQUOTED_KEYS = "unquoted_keys"
PYTHON_LITERALS = "python_literals"
RAW_CONTROL_CHARS = "raw_newlines_in_strings"

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "'": "'"}
_LITERALS = {"true": True, "false": False, "null": None}
_PLAIN_RUN = {q: re.compile(rf"[^{q}\\\n\r\t]+") for q in ("\"", "'")}
_PY_LITERALS = {"True": True, "False": False, "None": None}


class LenientJSONError(ValueError):
    def __init__(self, message: str, pos: int, truncated: bool) -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.truncated = truncated


@dataclass
class _Reader:
    text: str
    pos: int = 0
    used: set[str] = field(default_factory=set)

    def fail(self, message: str) -> LenientJSONError:
        truncated = self.pos >= len(self.text)
        return LenientJSONError(message, self.pos, truncated)

    def skip_ws(self) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in " \t\r\n":
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def value(self, depth: int) -> JsonValue:
        if depth > MAX_DEPTH:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels")
        self.skip_ws()
        ch = self.peek()
        if ch == "{":
            return self.obj(depth)
        if ch == "[":
            return self.array(depth)
        if ch == "":
            raise self.fail("the JSON ends where a value was expected")
        if ch in "\"'":
            return self.string()
        if ch == "-" or ch.isdigit():
            return self.number()
        word = self.word()
        if word in _LITERALS:
            return _LITERALS[word]
        if word in _PY_LITERALS:
            self.used.add(PYTHON_LITERALS)
            return _PY_LITERALS[word]
        raise self.fail(f"unexpected {ch!r} where a value was expected")

    def word(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum() or self.text[self.pos] in "_$-"):
            self.pos += 1
        return self.text[start:self.pos]

    def number(self) -> int | float:
        start = self.pos
        if self.peek() == "-":
            self.pos += 1
        while self.pos < len(self.text) and (self.text[self.pos].isdigit() or self.text[self.pos] in ".eE+-"):
            self.pos += 1
        raw = self.text[start:self.pos]
        try:
            if any(c in raw for c in ".eE"):
                return float(raw)
            return int(raw)
        except ValueError:
            self.pos = start
            raise self.fail(f"malformed number {raw!r}") from None

    def string(self) -> str:
        quote = self.text[self.pos]
        if quote == "'":
            self.used.add(SINGLE_QUOTES)
        self.pos += 1
        out: list[str] = []
        text, n = self.text, len(self.text)
        plain = _PLAIN_RUN[quote]
        while True:
            run = plain.match(text, self.pos)
            if run:  # ordinary characters in one step: long file contents are most of a reply
                out.append(run.group())
                self.pos = run.end()
            if self.pos >= n:
                raise self.fail("a string is not closed (the reply was cut off?)")
            ch = text[self.pos]
            if ch == quote:
                self.pos += 1
                return "".join(out)
            if ch == "\\":
                self.pos += 1
                if self.pos >= n:
                    raise self.fail("a string is not closed (the reply was cut off?)")
                esc = text[self.pos]
                if esc == "u":
                    hex_digits = text[self.pos + 1 : self.pos + 5]
                    if len(hex_digits) < 4:
                        self.pos = n
                        raise self.fail("a \\u escape is cut off")
                    code = self._hex(hex_digits)
                    self.pos += 5
                    if 0xD800 <= code < 0xDC00 and text[self.pos : self.pos + 2] == "\\u":
                        # A surrogate pair, as json.dumps writes an emoji: one character.
                        low = _hex_or_none(text[self.pos + 2 : self.pos + 6])
                        if low is not None and 0xDC00 <= low < 0xE000:
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            self.pos += 6
                    out.append(chr(code))
                    continue
                out.append(_ESCAPES.get(esc, "\\" + esc))
                self.pos += 1
                continue
            if ch in "\n\r\t":
                self.used.add(RAW_CONTROL_CHARS)
            out.append(ch)
            self.pos += 1

    def _hex(self, digits: str) -> int:
        code = _hex_or_none(digits)
        if code is None:
            raise self.fail(f"bad \\u escape {digits!r}")
        return code

    def key(self) -> str:
        ch = self.peek()
        if ch and ch in "\"'":
            return self.string()
        word = self.word()
        if not word:
            if ch == "":
                raise self.fail("the JSON ends where a key was expected")
            raise self.fail(f"unexpected {ch!r} where a key was expected")
        self.used.add(UNQUOTED_KEYS)
        return word

    def obj(self, depth: int) -> JsonObject:
        self.pos += 1
        result: JsonObject = {}
        while True:
            self.skip_ws()
            if self.peek() == "}":
                self.pos += 1
                return result
            key = self.key()
            self.skip_ws()
            if self.peek() != ":":
                raise self.fail(f"expected ':' after key {key!r}")
            self.pos += 1
            result[key] = self.value(depth + 1)
            self.skip_ws()
            ch = self.peek()
            if ch == ",":
                self.pos += 1
                self.skip_ws()
                if self.peek() == "}":
                    self.used.add(TRAILING_COMMA)
                continue
            if ch == "}":
                self.pos += 1
                return result
            if ch == "":
                raise self.fail("the object is not closed (the reply was cut off?)")
            raise self.fail(f"expected ',' or '}}' but found {ch!r}")

    def array(self, depth: int) -> list[JsonValue]:
        self.pos += 1
        result: list[JsonValue] = []
        while True:
            self.skip_ws()
            if self.peek() == "]":
                self.pos += 1
                return result
            result.append(self.value(depth + 1))
            self.skip_ws()
            ch = self.peek()
            if ch == ",":
                self.pos += 1
                self.skip_ws()
                if self.peek() == "]":
                    self.used.add(TRAILING_COMMA)
                continue
            if ch == "]":
                self.pos += 1
                return result
            if ch == "":
                raise self.fail("the array is not closed (the reply was cut off?)")
            raise self.fail(f"expected ',' or ']' but found {ch!r}")


def _hex_or_none(digits: str) -> int | None:
    if len(digits) != 4 or not all(c in "0123456789abcdefABCDEF" for c in digits):
        return None
    return int(digits, 16)


_STRICT = json.JSONDecoder()


def parse_value(text: str, start: int = 0) -> tuple[JsonValue, int, set[str]]:
    """Read one JSON value at `start`. Returns (value, end index, leniencies used)."""
    try:
        value, end = _STRICT.raw_decode(text, start)
        return value, end, set()
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError; so is a 5,000-digit number
        pass
    reader = _Reader(text, start)
    value = reader.value(0)
    return value, reader.pos, reader.used
