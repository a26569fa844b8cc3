"""The `form` lever: a whole-file write keeps the form of the file it replaces.

A small model writes a file's content as one JSON string, and three slips of that string recur
whatever the task is: the final newline left off (JSON strings rarely end in one), every line break
written as the two characters `\\n` (an escape too many), and a pretty-printed JSON file sent back
on one line. Each turns a right edit into a wrong file: a check that compares text fails, the code
no longer parses, or a one-value change rewrites every line and reads as a destructive rewrite.

The harness reshapes such a write before it is proposed, and says so in the proposal's repairs, so
the diff the person approves is the diff of exactly what will be written. Each reshaping is taken
only where it cannot change what the model meant: the file's own final newline and its own JSON
layout (recognised by re-serialising it exactly), and line breaks only where the escaped version
does not parse (or the file had lines) and the unescaped one does.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable

from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...reply.kinds import Action, WriteFile
from ...reply.parsing import Repair
from .answers import syntax_broken

JsonDumper = Callable[[object], str]
# json.dumps layouts a hand-kept or tool-written JSON file is recognised by (indent, separators).
_LAYOUTS: tuple[tuple[int | str, tuple[str, str]], ...] = ((2, (",", ": ")), (4, (",", ": ")), ("\t", (",", ": ")))
# One level of JSON string escapes, read in one pass (so `\\n` is a backslash and an n, not a break).
_ESCAPE = re.compile(r'\\([nt"\\])')
_UNESCAPED = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
# A content's opening Markdown fence line (```python); its closing one is found from the end.
_OPENING_FENCE = re.compile(r"[ \t]*```[\w+.-]*[ \t]*\n")
# The files whose content a fence line can never belong to: code and configuration.
_CODE_SUFFIXES = (".py", ".pyi", ".json", ".toml", ".ini", ".cfg", ".yaml", ".yml", ".js", ".mjs", ".cjs", ".ts",
                  ".tsx", ".jsx", ".sh", ".bash", ".sql", ".css", ".go", ".rs", ".rb", ".java", ".c", ".h", ".cc",
                  ".cpp", ".hpp")


def keep_form(action: Action, workspace: Workspace) -> tuple[Action, list[Repair]]:
    """`action`, reshaped to keep the form of the file it replaces, and the repairs that say how.
    Content too deep or too large to parse is taken as written (it is hostile input)."""
    try:
        return _keep_form(action, workspace)
    except (RecursionError, MemoryError):
        return action, []


def _keep_form(action: Action, workspace: Workspace) -> tuple[Action, list[Repair]]:
    if not isinstance(action, WriteFile) or not action.content:
        return action, []
    try:
        before = workspace.read_text_or_none(workspace.relative(action.path))
    except (PathEscape, WorkspaceError, OSError, UnicodeDecodeError):
        return action, []
    content, repairs = action.content, []
    unwrapped = _fence_unwrapped(action.path, content)
    if unwrapped is not None:
        content = unwrapped
        repairs.append(Repair("markdown_fence_removed", f"the content was wrapped in a ``` fence, which is no part "
                                                        f"of {action.path}: the fence lines were left out"))
    control = _control_escapes(action.path, content, before)
    if control is not None:
        content = control
        repairs.append(Repair("control_escapes_read", "the content's backspace characters were read as the \\b the "
                                                      "code meant (in a JSON string, \\b is a backspace)"))
    unescaped = _escaped_line_breaks(action.path, before, content)
    if unescaped is not None:
        content = unescaped
        repairs.append(Repair("line_breaks_unescaped", "the content's \\n were read as line breaks: escaped, "
                                                       "it had none and did not parse"))
    if before is not None:
        relaid = _json_layout(action.path, before, content)
        if relaid is not None:
            content = relaid
            repairs.append(Repair("json_layout_kept", f"the JSON was laid out as {action.path} was"))
        if before.endswith("\n") and not content.endswith("\n"):
            content += "\n"
            repairs.append(Repair("final_newline_kept", f"{action.path} ends with a newline, and still does"))
    if not repairs:
        return action, []
    return action.model_copy(update={"content": content}), repairs


def _fence_unwrapped(path: str, content: str) -> str | None:
    """`content` without the ``` lines around it, when it opens with a fence line and closes with
    one, and the file is code (a document's fence, a template's or a fixture's is its own). A model
    answering in chat habit writes a code file as a Markdown block: 39 writes of heldout8's and
    heldout9's runs opened a Python file's content with ```python, and `lint` answered "line 1:
    invalid syntax". Never an empty file: a block with nothing in it is taken as written."""
    if not _code_file(path):
        return None
    opening = _OPENING_FENCE.match(content)
    body = content.rstrip(" \t\n")
    if opening is None or not body.endswith("```") or len(body) - 3 < opening.end():
        return None
    inner = body[opening.end():-3].rstrip(" \t")
    if "```" in inner or not inner.strip():
        return None
    return inner if inner.endswith("\n") else inner + "\n"


def _code_file(path: str) -> bool:
    name = posixpath.basename(posixpath.normpath(path.strip()))
    return name.lower().endswith(_CODE_SUFFIXES)


def _control_escapes(path: str, content: str, before: str | None) -> str | None:
    """`content` with each backspace written back as `\\b`, in a code file that had none. In a JSON
    string `\\b` is a backspace: a model writing the regular expression `r'\\b[0-9]'` that way put a
    backspace into the code (heldout9's s01, four writes). Nothing else is touched: a form feed may
    be a page break, and a document or data file may mean its backspaces (overstrike)."""
    if "\b" not in content or not _code_file(path) or (before is not None and "\b" in before):
        return None
    return content.replace("\b", "\\b")


def _escaped_line_breaks(path: str, before: str | None, content: str) -> str | None:
    """`content` with its `\\n` (and `\\t`, `\\"`, `\\\\` beside them) read once more, when it has no real
    line break, and reading them so makes code parse that did not, or gives lines back to a file
    that had them. None when the content is to be taken as written."""
    if "\n" in content or "\\n" not in content:
        return None
    unescaped = _ESCAPE.sub(lambda m: _UNESCAPED[m.group(1)], content)
    if path.endswith((".py", ".json")):
        # syntax_broken is None for what parses (or for a file already broken before).
        raw_fails = syntax_broken(path, None, content) is not None
        return unescaped if raw_fails and syntax_broken(path, None, unescaped) is None else None
    had_lines = before is not None and before.count("\n") >= 2
    return unescaped if had_lines else None


def _json_layout(path: str, before: str, content: str) -> str | None:
    """`content` in `before`'s JSON layout, when `before` is exactly what json.dumps writes in one
    of the usual layouts and `content` is JSON laid out otherwise. None: keep it as written."""
    if not path.endswith(".json"):
        return None
    try:
        old, new = json.loads(before), json.loads(content)
    except ValueError:
        return None
    for dumps in _dumpers(before):
        try:
            if dumps(old) != before.rstrip("\n"):
                continue
            relaid = dumps(new) + ("\n" if before.endswith("\n") else "")
            relaid.encode("utf-8")
        except (ValueError, UnicodeEncodeError):
            # 1e400 would come out as Infinity (no JSON), an escaped lone surrogate as a character no
            # file can hold: the content is kept as the model wrote it (an attacker's review)
            return None
        return relaid if relaid != content else None
    return None


def _dumpers(before: str) -> list[JsonDumper]:
    ascii_only = before.isascii()

    def dumper(indent: int | str, separators: tuple[str, str]) -> JsonDumper:
        return lambda value: json.dumps(value, indent=indent, separators=separators, ensure_ascii=ascii_only,
                                        allow_nan=False)

    return [dumper(indent, separators) for indent, separators in _LAYOUTS]
