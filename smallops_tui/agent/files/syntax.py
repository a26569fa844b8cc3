"""What kind of lines an edit changes, judged from pygments tokens rather than regexes.

Tokenizing the whole file (not just the changed lines) keeps context right: a keyword
inside a multi-line string is a string, and `#` inside a string is not a comment.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from pygments.lexer import Lexer
from pygments.lexers import get_lexer_for_filename
from pygments.token import Comment, Keyword, String, Token, _TokenType
from pygments.util import ClassNotFound

from .linediff import line_opcodes, lines_of, split_lines

# Control-flow keywords by language (pygments lexer alias); anything else uses DEFAULT.
CONTROL_FLOW: dict[str, frozenset[str]] = {
    "python": frozenset({"if", "elif", "else", "for", "while", "return", "def", "class", "try", "except",
                         "finally", "raise", "import", "from", "with", "yield", "break", "continue", "async",
                         "await", "lambda", "match", "case", "assert", "global", "nonlocal", "del", "pass"}),
    "javascript": frozenset({"if", "else", "for", "while", "do", "return", "function", "class", "try", "catch",
                             "finally", "throw", "import", "export", "from", "yield", "break", "continue",
                             "switch", "case", "default", "async", "await", "new", "delete", "require"}),
    "go": frozenset({"if", "else", "for", "range", "return", "func", "type", "struct", "interface", "import",
                     "package", "go", "defer", "select", "switch", "case", "default", "break", "continue",
                     "goto", "fallthrough", "panic"}),
    "rust": frozenset({"if", "else", "for", "while", "loop", "return", "fn", "struct", "enum", "impl", "trait",
                       "use", "mod", "match", "break", "continue", "async", "await", "unsafe", "yield"}),
    "c": frozenset({"if", "else", "for", "while", "do", "return", "switch", "case", "default", "break",
                    "continue", "goto", "struct", "class", "try", "catch", "throw", "import", "package",
                    "extends", "implements", "new", "delete", "#include", "include", "namespace", "using"}),
    "shell": frozenset({"if", "then", "elif", "else", "fi", "for", "while", "until", "do", "done", "case",
                        "esac", "function", "return", "exit", "break", "continue", "source", "exec", "trap"}),
    "ruby": frozenset({"if", "elsif", "else", "unless", "for", "while", "until", "return", "def", "class",
                       "module", "begin", "rescue", "ensure", "raise", "require", "yield", "break", "next",
                       "case", "when", "do", "end"}),
}
_ALIASES = {
    "python": "python", "python3": "python", "py": "python", "javascript": "javascript", "js": "javascript",
    "typescript": "javascript", "ts": "javascript", "jsx": "javascript", "tsx": "javascript",
    "go": "go", "golang": "go", "rust": "rust", "rs": "rust", "c": "c", "cpp": "c", "c++": "c", "java": "c",
    "csharp": "c", "c#": "c", "kotlin": "c", "swift": "c", "bash": "shell", "sh": "shell", "zsh": "shell",
    "shell": "shell", "ruby": "ruby", "rb": "ruby",
}
DEFAULT_CONTROL_FLOW = frozenset().union(*CONTROL_FLOW.values())
# Lexers for prose: changes there are text edits, not code.
TEXT_LEXERS = frozenset({"text", "markdown", "md", "rst", "restructuredtext", "rest", "tex", "latex", "output"})


@dataclass
class LineKinds:
    removed_lines: int = 0
    added_lines: int = 0
    control_flow: set[str] = field(default_factory=set)
    cosmetic_only: bool = True
    is_code: bool = False
    has_code_lines: bool = False


@lru_cache(maxsize=256)
def lexer_for(path: str) -> Lexer | None:
    try:
        return get_lexer_for_filename(path, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None
    except Exception:  # pygments plugins can raise anything; a bad lexer must not stop a review
        return None


def _language(lexer: Lexer | None) -> str | None:
    if lexer is None:
        return None
    for alias in lexer.aliases:
        if alias in _ALIASES:
            return _ALIASES[alias]
    return lexer.aliases[0] if lexer.aliases else None


def is_code_path(path: str) -> bool:
    lexer = lexer_for(path)
    return lexer is not None and not (set(lexer.aliases) & TEXT_LEXERS)


# Lines of lead-in tokenized before a changed region, so an open string or comment that
# started above it is still seen; beyond this a whole-file pass costs more than it tells.
CONTEXT_LINES = 200
TOKEN_BATCH = 200  # changed lines tokenized at a time, so a large change can stop early
LARGE_FILE = 2000  # beyond this many lines, changed lines are tokenized without their context


def _tokens_by_line(lexer: Lexer | None, text: str) -> list[list[tuple[_TokenType, str]]]:
    """Tokens of each line of `text` (a token spanning lines is split at the line breaks)."""
    lines: list[list[tuple[_TokenType, str]]] = [[]]
    tokens = lexer.get_tokens(text) if lexer is not None else [(Token.Text, text)]
    for ttype, value in tokens:
        parts = value.split("\n")
        for k, part in enumerate(parts):
            if k:
                lines.append([])
            if part:
                lines[-1].append((ttype, part))
    return lines


def _tokens_for(lexer: Lexer | None, lines: list[str], wanted: list[int]) -> dict[int, list[tuple[_TokenType, str]]]:
    """Tokens of the `wanted` lines, tokenizing only windows around them when that is cheaper."""
    if not wanted:
        return {}
    if len(lines) > LARGE_FILE:
        # One pass over just the changed lines: the cost follows the change, not the file.
        joined = "\n".join(lines[i] for i in wanted) + "\n"
        return dict(zip(wanted, _tokens_by_line(lexer, joined), strict=False))
    windows: list[list[int]] = []
    for index in sorted(wanted):
        start = max(0, index - CONTEXT_LINES)
        if windows and start <= windows[-1][1] + 1:
            windows[-1][1] = index
        else:
            windows.append([start, index])
    if sum(end - start + 1 for start, end in windows) >= len(lines) * 0.6:
        windows = [[0, len(lines) - 1]]
    found: dict[int, list[tuple[_TokenType, str]]] = {}
    wanted_set = set(wanted)
    for start, end in windows:
        chunk = "\n".join(lines[start : end + 1]) + "\n"
        for offset, line_tokens in enumerate(_tokens_by_line(lexer, chunk)):
            if start + offset in wanted_set:
                found[start + offset] = line_tokens
    return found


def _line_is_cosmetic(tokens: list[tuple[_TokenType, str]]) -> bool:
    # Preprocessor lines (#include, #define) are lexed as comments but change the program.
    return all(
        not value.strip() or (ttype in Comment and ttype not in Comment.Preproc) or ttype in String.Doc
        for ttype, value in tokens
    )


_BLANKS = re.compile(r"[ \t\r\f\v]+")  # ASCII blanks only: a no-break space is a character to a parser
# Languages whose indentation is syntax (pygments aliases).
INDENTATION_SYNTAX = frozenset({"python", "py", "python3", "py3", "cython", "pyx", "yaml", "make", "makefile", "mf",
                                "bsdmake", "haskell", "hs", "nim", "nimrod", "coffeescript", "coffee-script",
                                "coffee", "fsharp", "f#", "sass", "pug", "jade", "elm", "purescript", "idris",
                                "agda", "boo", "starlark", "bazel"})


def _token_keys(lexer: Lexer, lines: list[str], wanted: list[int]) -> list[tuple[str, tuple[str, ...]]]:
    """Each wanted line as its tokens without the blanks between them (and its indentation,
    where that is syntax), sorted: equal keys mean the blanks changed nothing."""
    indentation = bool(set(lexer.aliases) & INDENTATION_SYNTAX)
    tokens = _tokens_for(lexer, lines, wanted)
    keys = []
    for i in wanted:
        values = tuple(stripped for _, value in tokens.get(i, []) if (stripped := value.strip(" \t\r\f\v\n")))
        line = lines[i]
        keys.append((line[: len(line) - len(line.lstrip(" \t"))] if indentation else "", values))
    return sorted(keys)


def changed_line_kinds(path: str, before: str | None, after: str,
                       opcodes: Sequence[tuple[str, int, int, int, int]] | None = None) -> LineKinds:
    """Classify the lines an edit removes and adds."""
    lexer = lexer_for(path)
    keywords = CONTROL_FLOW.get(_language(lexer) or "", DEFAULT_CONTROL_FLOW)
    old_text, new_text = before or "", after
    old_lines, new_lines = lines_of(old_text), lines_of(new_text)  # as the opcodes split them
    kinds = LineKinds(is_code=is_code_path(path))
    removed: list[int] = []
    added: list[int] = []
    if opcodes is None:
        opcodes = line_opcodes(split_lines(old_text), split_lines(new_text))
    for tag, i1, i2, j1, j2 in opcodes:
        if tag in ("replace", "delete"):
            removed.extend(range(i1, i2))
        if tag in ("replace", "insert"):
            added.extend(range(j1, j2))
    kinds.removed_lines, kinds.added_lines = len(removed), len(added)
    # Lines that differ only in blanks between the same tokens are cosmetic. Not when a blank
    # splits or joins a token (`$OUT/cache` -> `$OUT/ cache`, `not x` -> `notx`), sits in a
    # string, is a no-break space, or is indentation where indentation is syntax (Python, YAML,
    # a Makefile's recipe tab): those change what the program does.
    old_squeezed = sorted(_BLANKS.sub("", old_lines[i]) for i in removed)
    new_squeezed = sorted(_BLANKS.sub("", new_lines[j]) for j in added)
    if old_squeezed == new_squeezed and (lexer is None or _token_keys(lexer, old_lines, removed) ==
                                         _token_keys(lexer, new_lines, added)):
        kinds.cosmetic_only = True
        return kinds
    # A new file is judged on all its lines; an edit on the lines it changes.
    batches = [(old_lines, removed), (new_lines, added if before is not None else list(range(len(new_lines))))]
    for lines, wanted in batches:
        for start in range(0, len(wanted), TOKEN_BATCH):
            for line in _tokens_for(lexer, lines, wanted[start : start + TOKEN_BATCH]).values():
                for ttype, value in line:
                    if ttype in Keyword and value.strip() in keywords:
                        kinds.control_flow.add(value.strip())
                    elif ttype in Comment.Preproc and value.strip().startswith("#"):
                        kinds.control_flow.add(value.strip().split()[0])
                if not _line_is_cosmetic(line):
                    kinds.has_code_lines = True
            if kinds.control_flow and kinds.has_code_lines:
                break  # the verdict cannot change any more: stop tokenizing a large change
        else:
            continue
        break
    kinds.cosmetic_only = not kinds.has_code_lines
    return kinds
