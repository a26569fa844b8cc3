"""Turn a model's reply text into one action, or a classified failure — never an exception.

Tolerant but never silent: each repair applied on the way (reasoning stripped, fence
stripped, prose dropped, JSON leniencies, envelopes unwrapped, fabricated fields stripped)
is listed in `ParseResult.repairs`. Unknown action names are never mapped to a valid one;
the failure names the closest valid action instead, so a person and the model can act on it.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from typing import Literal, TypeGuard, cast

from pydantic import BaseModel

from ..log.json_value import JsonObject, JsonValue

from pydantic import ValidationError

from . import lenient_json
from .repetition import Stop
from .actions import Action, action_fields
from .actions import Vocabulary, vocabulary as get_vocabulary
from .kinds import ActionKind, ListDir, kind_named, vocabularies_with
from .raw_quotes import with_raw_quotes_escaped
from .reasoning import ANY_TAG, CLOSE_TAGS, contains_reasoning_tag, split_reasoning

FailureKind = Literal[
    "no_json",
    "invalid_json",
    "multiple_actions",
    "unknown_action",
    "missing_field",
    "wrong_type",
    "extra_fields",
]
FAILURE_KINDS: tuple[str, ...] = FailureKind.__args__  # type: ignore[attr-defined]

# Bounds on hostile input: the scan for objects is quadratic in the worst case.
MAX_REPLY_CHARS = 1_000_000
MAX_OBJECT_ATTEMPTS = 400

# Fields in which a model writes what it imagines an action returned (seed failure mode 7).
FABRICATED_FIELDS = frozenset(
    {"output", "error", "errors", "result", "results", "stdout", "stderr", "exit_code", "exitcode",
     "returncode", "return_code", "observation", "response", "status", "success"}
)
# A file's content or a listing on an action whose result is text (`returns_text`) is also a fabricated result.
FABRICATED_ON_READS = frozenset({"content", "contents", "files", "entries", "listing"})
# Harmless commentary a model adds beside the arguments; stripped and listed, not suspicious.
COMMENTARY_FIELDS = frozenset(
    {"reason", "reasoning", "thought", "thoughts", "explanation", "comment", "note", "notes",
     "description", "message", "plan", "rationale"}
)
ARGUMENT_ENVELOPES = ("args", "arguments", "parameters", "params", "input")
_FENCE_OPENING = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\n")
# The fenced form: `}`, blank space, a fence line (``` and an optional language), and at the very end
# a closing ``` on a line of its own. The body's first character is right after the fence line.
# One way to split the blanks between `}` and the fence (two adjacent runs of blanks split a long run
# every way: quadratic on a reply that ends in blanks).
_FENCED_OPENING = re.compile(r"\}[ \t]*(?:\n[ \t]*)?```[A-Za-z0-9_+.-]*[ \t]*\n")
_FENCED_CLOSING = re.compile(r"\n[ \t]*```[ \t\n]*\Z")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


@dataclass(frozen=True)
class Repair:
    kind: str
    detail: str
    suspicious: bool = False


@dataclass(frozen=True)
class ParseFailure:
    kind: FailureKind
    message: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


@dataclass
class ParseResult:
    raw: str
    action: Action | None = None
    failure: ParseFailure | None = None
    repairs: list[Repair] = field(default_factory=list)
    thinking: str = ""

    @property
    def ok(self) -> bool:
        return self.action is not None

    @property
    def suspicious(self) -> bool:
        return any(r.suspicious for r in self.repairs)


def parse_reply(text: str, vocabulary: str = "seed") -> ParseResult:
    """Parse a complete reply. Never raises (an unknown vocabulary name is a programming error)."""
    vocab = get_vocabulary(vocabulary)  # an unknown name raises ValueError before any input is read
    result = ParseResult(raw=text if isinstance(text, str) else repr(text))
    try:
        _parse_into(result, vocab)
    except Exception as exc:  # pragma: no cover - the last line of defence, tested by hypothesis
        result.action = None
        result.failure = ParseFailure("invalid_json", f"the reply could not be read ({type(exc).__name__}).")
    return result


def parse_reply_with_reasoning(answer: str, thinking: str, vocabulary: str = "seed") -> ParseResult:
    """Parse a streamed reply whose reasoning a backend has already split off.

    A lone `</think>` *inside* the JSON (a file that contains one) makes a streaming splitter
    take everything before it for reasoning. When the answer alone is no action, but reasoning,
    tag and answer together are one whose text holds the tag, that action is what was written.
    """
    parsed = parse_reply(answer, vocabulary)
    parsed.thinking = parsed.thinking or thinking
    if parsed.action is not None or not thinking:
        return parsed
    for tag in CLOSE_TAGS:
        whole = parse_reply(thinking + tag + answer, vocabulary)
        if whole.action is not None and _tag_in_strings(whole.action):
            whole.repairs.append(Repair("reasoning_tag_kept", f"{tag} was part of the action's text, not the end of reasoning"))
            return whole
    return parsed


def _tag_in_strings(action: Action) -> bool:
    return any(isinstance(v, str) and contains_reasoning_tag(v) for v in action.to_json().values())


def _parse_into(result: ParseResult, vocab: Vocabulary) -> None:
    text = result.raw
    if len(text) > MAX_REPLY_CHARS:
        text = text[:MAX_REPLY_CHARS]
        result.repairs.append(Repair("reply_clipped", f"only the first {MAX_REPLY_CHARS:,} characters were read"))
    if _json_before_tag(text):
        # The reply opens as the action's JSON, so a closing tag after that is inside its text. Split
        # there, the part after the tag was read as the action: held-out q07 ran on inside a write's
        # content, `class P</think> {"action": "done", …`, and its write became a done.
        _parse_body(text, result, vocab)
        return
    if contains_reasoning_tag(text):
        thinking, answer = split_reasoning(text)
        if thinking or answer != text:
            stripped = ParseResult(raw=result.raw, repairs=list(result.repairs), thinking=thinking)
            stripped.repairs.append(Repair("reasoning_stripped", f"{len(thinking):,} characters of reasoning set aside"))
            _parse_body(answer, stripped, vocab)
            if stripped.action is None:
                # A reasoning tag inside the JSON's text is data (a file that contains one).
                whole = ParseResult(raw=result.raw, repairs=list(result.repairs))
                _parse_body(text, whole, vocab)
                if whole.action is not None and _tag_in_strings(whole.action):
                    stripped = whole
                elif whole.action is None and text.lstrip().startswith("{") and stripped.failure is not None \
                        and stripped.failure.kind == "no_json":
                    # The reply opened as an action whose string ran on into reasoning tags (a new user's
                    # `{"action": "done", "summary": "… <think>…`): what is wrong is that object, not
                    # that the reply holds none.
                    stripped.failure = whole.failure
            result.action, result.failure = stripped.action, stripped.failure
            result.repairs, result.thinking = stripped.repairs, stripped.thinking
            return
    _parse_body(text, result, vocab)


def _json_before_tag(text: str) -> bool:
    """Whether the reply's first reasoning tag is a closing one that comes after the opening `{`
    of a JSON object (no reasoning precedes an action: the tag is in the action's text)."""
    found = ANY_TAG.search(text)
    return found is not None and found.group() in CLOSE_TAGS and text[:found.start()].lstrip().startswith("{")


def _parse_body(text: str, result: ParseResult, vocab: Vocabulary) -> None:
    if _parse_fenced_content(text, result, vocab):
        return
    text = _strip_fence(text, result)
    escaped = with_raw_quotes_escaped(text)
    if escaped is not None:
        text, key, count = escaped
        result.repairs.append(Repair("raw_quotes_read", f'{count} unescaped double quote{"s" if count != 1 else ""} '
                                                        f'inside "{key}" were read as part of it'))
    found = _find_json(text, result)
    if isinstance(found, ParseFailure):
        result.failure = found
        return
    _build_action(found, vocab, result)


def fenced_content(text: str) -> tuple[str, str | None] | None:
    """(the JSON head, the content) of a reply in the fenced form: one JSON object, then a ``` block
    that runs to the end of the reply (only blank space after its closing fence). The content is the
    block's lines, each with its line break: what lies between the opening fence's line and the
    closing ```. None when the reply is not in that form (no block right after a `}`); the content is
    None when the block has no closing fence at the end (a reply cut off inside its block is not
    taken for a shorter file)."""
    opening = _FENCED_OPENING.search(text)
    if opening is None:
        return None
    closing = _FENCED_CLOSING.search(text, opening.end() - 1)
    if closing is None:
        return text[:opening.start() + 1], None
    body_end = closing.start() + 1  # the line break before the closing fence ends the last line
    return text[:opening.start() + 1], text[opening.end():body_end] if body_end > opening.end() else ""


def _parse_fenced_content(text: str, result: ParseResult, vocab: Vocabulary) -> bool:
    """A write whose content rides as a ``` block after a JSON head without it (the `fenced` lever's
    form: code outside a JSON string needs no escapes). False (and `result` untouched) otherwise."""
    split = fenced_content(text)
    if split is None:
        return False
    head, content = split
    scratch = ParseResult(raw=result.raw, repairs=list(result.repairs), thinking=result.thinking)
    found = _find_json(head, scratch)
    if isinstance(found, ParseFailure) or "content" in found:
        return False
    kind = kind_named(found.get("action"))
    if kind is None or "content" not in action_fields(kind):
        return False
    if content is None:
        result.failure = ParseFailure("invalid_json", "the ``` block after the JSON has no closing ``` at the end "
                                      "of the reply (cut off?); nothing was written: send the whole file again")
        return True
    found["content"] = content
    scratch.repairs.append(Repair("content_fenced", f"the content ({len(content):,} characters) was read from the "
                                                    "``` block after the JSON"))
    _build_action(found, vocab, scratch)
    result.action, result.failure, result.repairs = scratch.action, scratch.failure, scratch.repairs
    return True


def _strip_fence(text: str, result: ParseResult) -> str:
    """The reply with the ``` fence around its JSON taken away. The fence's line must be followed by
    the JSON's opening `{` (or `[`), and its closing ``` must follow the JSON's closing `}` (or `]`)
    with nothing but blank space between: a fence anywhere else is prose's or a string's (a README's
    ```python block in a write's content is the file's, kept as written), and left alone."""
    first = text.find("{")
    if first < 0:
        return text
    opening = None
    for found in _FENCE_OPENING.finditer(text, 0, first):
        opening = found  # the last fence line before the JSON
    if opening is None or text[opening.end():first].strip() not in ("", "["):
        return text
    closing = text.rfind("```")
    if closing < opening.end() or not text[:closing].rstrip().endswith(("}", "]")):
        return text
    result.repairs.append(Repair("code_fence_stripped", "the JSON was inside a ``` code fence"))
    # Keep the prose around the fence so it is reported as dropped, like any other prose.
    return text[:opening.start()] + text[opening.end():closing] + text[closing + 3:]


def _looks_like_action(value: JsonValue) -> TypeGuard[JsonObject]:
    return isinstance(value, dict) and (
        "action" in value
        or ("name" in value and any(k in value for k in ARGUMENT_ENVELOPES))
        or "tool_calls" in value
        or "function" in value
    )


Candidate = tuple[int, int, JsonValue, set[str]]  # start, end, the value, the leniencies its reading used
Found = tuple[int, int, JsonObject, set[str]]  # a candidate that is an object


def _find_json(text: str, result: ParseResult) -> JsonObject | ParseFailure:
    """Find the one JSON object in the reply, or say what is wrong with the reply."""
    candidates, first_error = _candidates(text)
    actions = _actions(candidates, result)
    if isinstance(actions, ParseFailure):
        return actions
    if len(actions) > 1:
        names = ", ".join(str(a[2].get("action", a[2].get("name", "?"))) for a in actions)
        return ParseFailure(
            "multiple_actions",
            f"the reply holds {len(actions)} actions ({names}); send exactly one JSON object per turn "
            "and wait for its result before the next.",
        )
    if not actions:
        objects = [(start, end, value, used) for start, end, value, used in candidates if isinstance(value, dict)]
        if not objects:
            return _no_object(first_error)
        actions = [objects[0]]
    start, end, value, used = actions[0]
    for leniency in sorted(used):
        result.repairs.append(Repair(leniency, _LENIENCY_TEXT[leniency]))
    before, after = text[:start].strip(), text[end:].strip()
    if before or after:
        dropped = len(before) + len(after)
        result.repairs.append(Repair("prose_dropped", f"{dropped:,} characters of text around the JSON object were ignored"))
    return value


def _candidates(text: str) -> tuple[list[Candidate], lenient_json.LenientJSONError | None]:
    """Every JSON value the reply holds (a leading list, then each object), and the first reading
    that failed (a cut-off one in preference: everything after it is inside it)."""
    candidates: list[Candidate] = []
    first_error: lenient_json.LenientJSONError | None = None
    stripped = text.lstrip()
    starts = [len(text) - len(stripped)] if stripped[:1] == "[" else []
    pos, attempts = 0, 0
    while attempts < MAX_OBJECT_ATTEMPTS:
        i = starts.pop() if starts else text.find("{", pos)
        if i < 0:
            break
        attempts += 1
        try:
            value, end, used = lenient_json.parse_value(text, i)
        except lenient_json.LenientJSONError as err:
            if first_error is None or err.truncated:
                first_error = err
            if err.truncated:
                break  # everything after this point is inside the cut-off object
            pos = i + 1
            continue
        candidates.append((i, end, value, used))
        pos = end
    return candidates, first_error


def _actions(candidates: list[Candidate], result: ParseResult) -> list[Found] | ParseFailure:
    """The candidates that look like an action; a list of one is unwrapped, a list of more refused."""
    actions: list[Found] = []
    for start, end, value, used in candidates:
        if isinstance(value, list):
            items = [v for v in value if _looks_like_action(v)]
            if len(items) > 1:
                return ParseFailure(
                    "multiple_actions",
                    f"the reply is a list of {len(items)} actions; send exactly one JSON object per turn "
                    "and wait for its result.",
                )
            if len(items) == 1:
                result.repairs.append(Repair("array_unwrapped", "the single action was inside a JSON list"))
                actions.append((start, end, items[0], used))
        elif _looks_like_action(value):
            actions.append((start, end, value, used))
    return actions


_EXAMPLE = json.dumps({"action": ListDir.NAME, "path": "."})  # the one action that is always safe


def cut_at_limit(failure: ParseFailure, tokens: int | Literal[True]) -> ParseFailure:
    """What a reply that could not be used is, when it ended at the request's token limit: its JSON
    was cut short, whatever the parser met first (a long file's content with quotes in it is read
    to its cut as a string of raw quotes, and a quote in the middle gets the blame)."""
    limit = f"the answer limit ({tokens} tokens)" if tokens is not True else "the answer limit"
    return ParseFailure(failure.kind,
                        f"the reply was cut off at {limit} before its JSON object closed, so nothing was done "
                        f"({failure.message.rstrip('.')}); send a shorter action that fits.")


_CUT_WRITE = re.compile(r'\{\s*"action"\s*:\s*"write_file"\s*,\s*"path"\s*:\s*"([^"\\\x00-\x1f]{1,400})"')


def cut_write_path(raw: str) -> str | None:
    """The path of a write_file reply that never became an action (its JSON cut short), or None."""
    match = _CUT_WRITE.search(raw[:4_000])
    return match.group(1) if match else None


def stopped_in_loop(failure: ParseFailure, loop: Stop) -> ParseFailure:
    """What a reply the reader stopped in a loop is (reply/repetition.py): unusable, and why."""
    return ParseFailure(failure.kind,
                        f"{loop.sentence()} and was stopped there, so nothing was done "
                        f"({failure.message.rstrip('.')}); send one complete action, each line of it once.")


def _no_object(first_error: lenient_json.LenientJSONError | None) -> ParseFailure:
    if first_error is not None:
        where = "was cut off before it ended" if first_error.truncated else "is not valid JSON"
        return ParseFailure(
            "invalid_json",
            f"the JSON object {where}: {first_error.message} at character {first_error.pos}; "
            "send one complete JSON object.",
        )
    return ParseFailure(
        "no_json",
        f'the reply contains no JSON object; answer with exactly one, for example {_EXAMPLE}.',
    )


_LENIENCY_TEXT = {
    lenient_json.TRAILING_COMMA: "a trailing comma was removed",
    lenient_json.SINGLE_QUOTES: "single-quoted strings were read as JSON strings",
    lenient_json.UNQUOTED_KEYS: "unquoted keys were read as strings",
    lenient_json.PYTHON_LITERALS: "Python True/False/None were read as JSON true/false/null",
    lenient_json.RAW_CONTROL_CHARS: "raw line breaks or tabs inside a string were kept as written",
}


def _unwrap(obj: JsonObject, result: ParseResult) -> JsonObject:
    """Visible repairs of the envelope: tool-call shapes and nested argument objects."""
    if "tool_calls" in obj and isinstance(obj["tool_calls"], list) and len(obj["tool_calls"]) == 1:
        obj = obj["tool_calls"][0] if isinstance(obj["tool_calls"][0], dict) else obj
    if "function" in obj and isinstance(obj["function"], dict) and "action" not in obj:
        obj = obj["function"]
    if "action" not in obj and "name" in obj:
        args = next((obj[k] for k in ARGUMENT_ENVELOPES if k in obj), None)
        if isinstance(args, str):
            try:
                args, _, _ = lenient_json.parse_value(args)
            except lenient_json.LenientJSONError:
                args = None
        if isinstance(args, dict):
            result.repairs.append(Repair("tool_call_unwrapped", f'the tool-call shape {{"name": ..., "arguments": ...}} was read as action "{obj["name"]}"'))
            return {"action": obj["name"], **args}
    for key in ARGUMENT_ENVELOPES:
        nested = obj.get(key)
        if isinstance(nested, dict) and "action" in obj:
            rest = {k: v for k, v in obj.items() if k != key}
            clashes = set(nested) & set(rest)
            if not clashes:
                result.repairs.append(Repair("arguments_flattened", f'the arguments nested under "{key}" were moved up'))
                obj = {**rest, **nested}
    return obj


def _normalize_name(name: str, vocab: Vocabulary, result: ParseResult) -> str:
    if name in vocab:
        return name
    candidate = _CAMEL.sub("_", name.strip()).lower().replace("-", "_").replace(" ", "_")
    if candidate in vocab:
        result.repairs.append(Repair("action_name_normalized", f'"{name}" was read as "{candidate}"'))
        return candidate
    return name


def closest_action(name: str, vocab: Vocabulary) -> str:
    """The kind a made-up name most likely meant; only ever used to *suggest*, never to map. The
    kinds' own `suggested_for` first, a later kind of the vocabulary (an extra) over the seed's."""
    key = name.strip().lower().replace("-", "_")
    claimed = next((kind.NAME for kind in reversed(vocab.values()) if key in kind.suggested_for), None)
    if claimed is not None:
        return claimed
    close = difflib.get_close_matches(key, list(vocab), n=1, cutoff=0.0)
    return close[0] if close else ListDir.NAME


def _build_action(obj: JsonObject, vocab: Vocabulary, result: ParseResult) -> None:
    obj = _unwrap(dict(obj), result)
    valid = ", ".join(vocab)
    if "action" not in obj:
        result.failure = ParseFailure(
            "missing_field", f'the object has no "action" field; name one of: {valid}.'
        )
        return
    name = obj["action"]
    if not isinstance(name, str):
        result.failure = ParseFailure(
            "wrong_type", f'"action" must be a string naming one of: {valid}; got {_type_name(name)}.'
        )
        return
    name = _normalize_name(name, vocab, result)
    if name not in vocab:
        suggestion = closest_action(name, vocab)
        kind = kind_named(name)
        offered = vocabularies_with(kind) if kind is not None else []
        extra = f" (it exists only in the {' and '.join(offered)} vocabulary)" if offered else ""
        result.failure = ParseFailure(
            "unknown_action",
            f'"{_clip(name)}" is not an available action{extra}; the closest valid action is '
            f'"{suggestion}". Valid actions: {valid}.',
        )
        return
    model = vocab[name]
    fields = action_fields(model)
    args = {k: v for k, v in obj.items() if k != "action"}
    args = _rename_aliases(args, model, fields, result)
    args = _strip_known_extras(model, args, fields, result)
    args = _coerce_integers(args, model, result)
    extras = sorted(k for k in args if k not in fields)
    if extras:
        shown = ", ".join(f'"{_clip(k)}"' for k in extras[:5])
        result.failure = ParseFailure(
            "extra_fields",
            f"{name} does not take {shown}; its fields are: {', '.join(fields) or '(none)'}.",
        )
        return
    try:
        # Every model of a vocabulary is one of the Action union's members.
        result.action = cast(Action, model.model_validate({"action": name, **args}))
    except ValidationError as err:
        result.failure = _validation_failure(name, fields, err)


def _rename_aliases(args: JsonObject, model: type[ActionKind], fields: list[str], result: ParseResult) -> JsonObject:
    out = dict(args)
    for alias, target in model.field_aliases.items():
        if alias in out and target in fields and target not in out:
            out[target] = out.pop(alias)
            result.repairs.append(Repair("field_renamed", f'"{alias}" was read as "{target}"'))
    return out


def _strip_known_extras(model: type[ActionKind], args: JsonObject, fields: list[str], result: ParseResult) -> JsonObject:
    out = {}
    for key, value in args.items():
        if key in fields:
            out[key] = value
        elif key.lower() in FABRICATED_FIELDS or (model.returns_text and key.lower() in FABRICATED_ON_READS):
            result.repairs.append(
                Repair(
                    "fabricated_field_stripped",
                    f'"{_clip(key)}" was stripped: the model wrote a result it has not seen ({_preview(value)})',
                    suspicious=True,
                )
            )
        elif key.lower() in COMMENTARY_FIELDS:
            result.repairs.append(Repair("commentary_stripped", f'the comment field "{key}" was set aside'))
        else:
            out[key] = value
    return out


def _coerce_integers(args: JsonObject, model: type[BaseModel], result: ParseResult) -> JsonObject:
    out = dict(args)
    for key, value in args.items():
        info = model.model_fields.get(key)
        if info is not None and info.annotation is int and isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
            out[key] = int(value)
            result.repairs.append(Repair("number_coerced", f'"{key}": "{value.strip()}" was read as the number {int(value)}'))
    return out


def _validation_failure(name: str, fields: list[str], err: ValidationError) -> ParseFailure:
    problems = err.errors()
    missing = [str(p["loc"][0]) for p in problems if p["type"] == "missing" and p["loc"]]
    if missing:
        example = ", ".join(f'"{f}": ...' for f in fields)
        return ParseFailure(
            "missing_field",
            f"{name} needs {', '.join(repr(m).replace(chr(39), chr(34)) for m in missing)}; "
            f'send {{"action": "{name}", {example}}}.',
        )
    first = problems[0]
    loc = str(first["loc"][0]) if first["loc"] else "action"
    return ParseFailure("wrong_type", f'"{loc}" of {name} is wrong: {first["msg"].lower()} (got {_type_name(first.get("input"))}).')


def _type_name(value: JsonValue) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _preview(value: JsonValue) -> str:
    return _clip(repr(value), 60)
