"""`merge` for a JSON file: a write holding only some of an object's keys, read as those keys changed.

Asked to change two settings, a small model sends back the one section it changed:
`{"checkout": {"by": "10:00", "late_until": "12:00", "late_fee": 10}}` for a settings file of five
sections (heldout9's s03, twelve writes in four runs). Written as is, that wipes the file; the risk
rules call it HIGH and it was rejected, sent again, rejected, to the step cap. A person reads it as
"late_fee is 10 now". So does this, where the reading is unambiguous:

- both texts parse as JSON objects, the write lacks at least one of the file's keys and shares at
  least one (a fragment of this file, not some other JSON);
- each of its keys replaces the file's value, an object into an object key by key (one level
  partial is as partial as the top); a key the file lacks is added to its object;
- the file's own text is edited in place: only the values that changed are rewritten, a new key
  goes after its object's last member with the same indentation, so the person's diff is the
  change and nothing else (a file re-dumped whole would show every line changed);
- the result parses to exactly the merged object, else the write is left as it was sent.

Values are found by a scan of the file's own text with the standard decoder (`raw_decode`): the
text is parsed, never evaluated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

JsonObject = dict[str, object]
_DECODER = json.JSONDecoder()
_WHITESPACE = " \t\n\r"
MAX_CHANGES = 200  # values rewritten in one merge, at most: a larger "fragment" is no small change


@dataclass
class _Member:
    key_start: int  # where the member's key (its opening quote) starts
    value_start: int
    value_end: int
    children: dict[str, _Member] | None  # the value's own members, when it is an object
    close: int = -1  # for an object value: the index of its closing brace


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _WHITESPACE:
        at += 1
    return at


def _object(text: str, at: int) -> tuple[dict[str, _Member], int]:
    """The members of the object whose `{` is at `at`, and the index of its `}`."""
    members: dict[str, _Member] = {}
    at = _skip(text, at + 1)
    if text[at] == "}":
        return members, at
    while True:
        key_start = at
        key, at = _DECODER.raw_decode(text, at)
        at = _skip(text, at)
        if text[at] != ":":
            raise ValueError("expected ':'")
        start = _skip(text, at + 1)
        if text[start] == "{":
            children, close = _object(text, start)
            members[str(key)] = _Member(key_start, start, close + 1, children, close)
            at = close + 1
        else:
            _, at = _DECODER.raw_decode(text, start)
            members[str(key)] = _Member(key_start, start, at, None)
        at = _skip(text, at)
        if text[at] == "}":
            return members, at
        if text[at] != ",":
            raise ValueError("expected ',' or '}'")
        at = _skip(text, at + 1)


@dataclass
class _Edits:
    text: str
    ascii_only: bool
    edits: list[tuple[int, int, str]]  # (start, end, new text) over the file's text
    names: list[str]

    def dumps(self, value: object) -> str:
        return json.dumps(value, ensure_ascii=self.ascii_only)

    def result(self) -> str:
        text = self.text
        for start, end, new in sorted(self.edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
            text = text[:start] + new + text[end:]
        return text


def _indent_of(text: str, at: int) -> str | None:
    """The whitespace before `at` on its line, when only whitespace precedes it there."""
    line_start = text.rfind("\n", 0, at) + 1
    before = text[line_start:at]
    return before if not before.strip() else None


def _merge_into(edits: _Edits, old: JsonObject, new: JsonObject, members: dict[str, _Member], close: int,
                prefix: str) -> None:
    """The edits that make the object `old` (its text's `members`, its `}` at `close`) hold `new`'s keys."""
    last = max(members.values(), key=lambda m: m.value_end, default=None)
    for key, value in new.items():
        name = f"{prefix}{key}"
        member = members.get(key)
        if key not in old or member is None:
            if last is None:
                edits.edits.append((close, close, f"{edits.dumps(key)}: {edits.dumps(value)}"))
            else:
                # A member that starts its own line: the object is laid out one member a line.
                indent = _indent_of(edits.text, last.key_start)
                gap = f",\n{indent}" if indent is not None else ", "
                edits.edits.append((last.value_end, last.value_end, f"{gap}{edits.dumps(key)}: {edits.dumps(value)}"))
            edits.names.append(name)
            continue
        was = old[key]
        if isinstance(was, dict) and isinstance(value, dict) and member.children is not None:
            _merge_into(edits, was, value, member.children, member.close, f"{name}.")
        elif was != value or type(was) is not type(value):
            edits.edits.append((member.value_start, member.value_end, edits.dumps(value)))
            edits.names.append(name)
        if len(edits.edits) > MAX_CHANGES:
            raise ValueError("too many changes for a fragment")


def _merged_object(old: JsonObject, new: JsonObject) -> JsonObject:
    result = dict(old)
    for key, value in new.items():
        was = result.get(key)
        result[key] = _merged_object(was, value) if isinstance(was, dict) and isinstance(value, dict) else value
    return result


def merged_json(before: str, fragment: str) -> tuple[str, list[str]] | None:
    """(the file with the fragment's keys put in place, the keys changed, dotted) or None when the
    fragment is not unambiguously a part of the file's object (see the module's docstring)."""
    try:
        old, new = json.loads(before), json.loads(fragment)
    except (ValueError, RecursionError):
        return None
    if not isinstance(old, dict) or not isinstance(new, dict) or not new:
        return None
    if set(old) <= set(new) or not set(old) & set(new):
        return None  # every key there (a whole-file write), or none of this file's
    try:
        start = _skip(before, 0)
        if before[start] != "{":
            return None
        members, close = _object(before, start)
        edits = _Edits(before, before.isascii(), [], [])
        _merge_into(edits, old, new, members, close, "")
        text = edits.result()
        if not edits.names or json.loads(text) != _merged_object(old, new):
            return None
    except (ValueError, IndexError, RecursionError):
        return None
    return text, edits.names
