"""`merge` for a JSON file: a write holding only some of an object's keys, read as those keys changed.

Asked to change two settings, a small model sends back the one section it changed:
`{"checkout": {"by": "10:00", "late_until": "12:00", "late_fee": 10}}` for a settings file of five
sections (heldout9's s03, twelve writes in four runs). Written as is, that wipes the file; the risk
rules call it HIGH and it was rejected, sent again, rejected, to the step cap. A person reads it as
"late_fee is 10 now". So does this, where the reading is unambiguous:

- both texts parse as JSON objects, the write lacks at least one of the file's keys and shares at
  least one (a fragment of this file, not some other JSON);
- each of its keys replaces the file's value, an object into an object key by key (one level
  partial is as partial as the top); a key the file lacks is added to its object (a task that
  renames or takes something out is never merged: merge.py, so a key left out beside a new one
  is not a rename the merge would undo);
- the file's own text is edited in place, with the write's own text for each value that changed (its
  numbers and escapes as the model wrote them, never re-dumped), a new key after its object's last
  member as the members are laid out, so the person's diff is the change and nothing else;
- the result reads back to exactly the merged object, compared type for type (`1`, `1.0` and `true`
  are different values in JSON), else the write is left as it was sent.

Both texts are scanned with the standard decoder (`raw_decode`): parsed, never evaluated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

JsonObject = dict[str, object]
_DECODER = json.JSONDecoder()
_WHITESPACE = " \t\n\r"
MAX_CHANGES = 200  # values rewritten or added in one merge, at most: a larger "fragment" is no small change


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
    """The members of the object whose `{` is at `at` (the last of a repeated key, as json.loads
    reads it), and the index of its `}`."""
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


def _strict(value: object) -> str:
    """A value as a canonical text, type for type: `1`, `1.0` and `true` differ (Python's == holds
    them equal, inside lists too). Not a number JSON cannot hold: ValueError (no merge)."""
    return json.dumps(value, sort_keys=True, allow_nan=False)


@dataclass
class _Merge:
    text: str  # the file's
    fragment: str  # the write's
    edits: list[tuple[int, int, str]]  # (start, end, new text) over the file's text
    names: list[str]

    def result(self) -> str:
        """The file's text with every edit made, in one pass (edits never overlap: each is a
        value's span, or an insertion right after an object's last member)."""
        parts, at = [], 0
        for start, end, new in sorted(self.edits, key=lambda edit: (edit[0], edit[1])):
            parts += [self.text[at:start], new]
            at = end
        return "".join(parts) + self.text[at:]

    def add(self, edit: tuple[int, int, str], *names: str) -> None:
        self.edits.append(edit)
        self.names += names
        if len(self.edits) > MAX_CHANGES:
            raise ValueError("too many changes for a fragment")


def _indent_of(text: str, at: int) -> str | None:
    """The whitespace before `at` on its line, when only whitespace precedes it there."""
    line_start = text.rfind("\n", 0, at) + 1
    before = text[line_start:at]
    return before if not before.strip() else None


def _merge_into(merge: _Merge, old: JsonObject, new: JsonObject, members: dict[str, _Member], close: int,
                given: dict[str, _Member], prefix: str) -> None:
    """The edits that make the object `old` (its text's `members`, its `}` at `close`) hold `new`'s
    keys (`given`: their members in the write's text)."""
    added = [key for key in new if key not in old or key not in members]
    for key, value in new.items():
        if key in added:
            continue
        was, member, mine = old[key], members[key], given[key]
        if isinstance(was, dict) and isinstance(value, dict) and member.children is not None \
                and mine.children is not None:
            _merge_into(merge, was, value, member.children, member.close, mine.children, f"{prefix}{key}.")
        elif _strict(was) != _strict(value):
            merge.add((member.value_start, member.value_end, merge.fragment[mine.value_start:mine.value_end]),
                      f"{prefix}{key}")
    if added:
        texts = [merge.fragment[given[key].key_start:given[key].value_end] for key in added]
        last = max(members.values(), key=lambda m: m.value_end, default=None)
        if last is None:
            merge.add((close, close, ", ".join(texts)), *(f"{prefix}{key}" for key in added))
            return
        # A member that starts its own line: the object is laid out one member a line.
        indent = _indent_of(merge.text, last.key_start)
        gap = f",\n{indent}" if indent is not None else ", "
        merge.add((last.value_end, last.value_end, gap + gap.join(texts)), *(f"{prefix}{key}" for key in added))


def _merged_object(old: JsonObject, new: JsonObject) -> JsonObject:
    result = dict(old)
    for key, value in new.items():
        was = result.get(key)
        result[key] = _merged_object(was, value) if isinstance(was, dict) and isinstance(value, dict) else value
    return result


def _members(text: str) -> tuple[dict[str, _Member], int] | None:
    start = _skip(text, 0)
    return _object(text, start) if text[start:start + 1] == "{" else None


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
        file_members, given = _members(before), _members(fragment)
        if file_members is None or given is None:
            return None
        merge = _Merge(before, fragment, [], [])
        _merge_into(merge, old, new, file_members[0], file_members[1], given[0], "")
        text = merge.result()
        if _strict(json.loads(text)) != _strict(_merged_object(old, new)):
            return None
    except (ValueError, IndexError, RecursionError):
        return None
    return text, merge.names
