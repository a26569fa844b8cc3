"""Turning untrusted text into things the screen can show literally, and diffs into lines.

Model text, file contents and command output are hostile: they are only ever put into
`rich.text.Text` (never parsed as markup), control characters — ANSI escapes included — are
replaced by a visible `\\xNN` form, so `[red]`, `[link=...]` and `\\x1b[31m` show as typed, and
invisible or direction-changing characters are drawn as `⟨U+202E⟩` (see agent/visible.py).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pygments.util import ClassNotFound
from rich.syntax import Syntax
from rich.style import Style
from rich.text import Span, Text

from ..agent.linediff import Opcode, group_opcodes, line_opcodes
from ..agent.syntax import lexer_for
from ..agent.visible import visible

HIGHLIGHT_CAP = 2000  # lines per side highlighted with pygments; beyond, plain text with a note
INTRA_LINE_CAP = 400  # characters per line compared for intra-line marks


def literal_str(text: str) -> str:
    """The text with every control character (except newline and tab) and every hidden
    character made visible."""
    return visible(text).expandtabs(4)


def literal(text: str, style: str = "") -> Text:
    """A Text that shows `text` exactly as written: no markup, no escape sequences."""
    return Text(literal_str(text), style=style)


def clip_lines(text: str, max_lines: int = 40) -> str:
    lines = text.splitlines()
    if len(lines) <= max_lines:
        return text
    return "\n".join(lines[:max_lines]) + f"\n… {len(lines) - max_lines} more lines"


LineKind = Literal["context", "added", "removed", "hunk", "note"]


class DiffLine:
    """One row of a diff. Its Text is built when first drawn: a screen shows ~30 of thousands."""

    __slots__ = ("kind", "old_no", "new_no", "raw", "_text", "_make")

    def __init__(self, kind: LineKind, old_no: int | None, new_no: int | None, text: Text | None = None,
                 raw: str = "", make: Callable[[], None] | None = None) -> None:
        self.kind, self.old_no, self.new_no = kind, old_no, new_no
        self.raw = raw if raw or text is None else text.plain
        self._text = text
        self._make = make

    @property
    def text(self) -> Text:
        if self._text is None and self._make is not None:
            self._make()  # fills this line's text (and its partner's, for intra-line marks)
        return self._text if self._text is not None else Text(self.raw)


@dataclass
class DiffModel:
    path: str
    unified: list[DiffLine] = field(default_factory=list)
    unified_hunks: list[int] = field(default_factory=list)
    added: int = 0
    removed: int = 0
    note: str = ""
    _split: list[tuple[DiffLine | None, DiffLine | None]] | None = None
    _split_hunks: list[int] = field(default_factory=list)
    _make_split: Callable[[], None] | None = None

    @property
    def split(self) -> list[tuple[DiffLine | None, DiffLine | None]]:
        """Side-by-side rows, built the first time that view is shown."""
        if self._split is None:
            self._split = []
            if self._make_split is not None:
                self._make_split()
        return self._split

    @property
    def split_hunks(self) -> list[int]:
        self.split  # noqa: B018 - builds the rows (and their hunk positions) on first use
        return self._split_hunks


@dataclass(frozen=True)
class DiffColours:
    added: str
    removed: str
    added_strong: str
    removed_strong: str
    gutter: str
    code_style: str


def highlight_lines(path: str, text: str, code_style: str) -> list[Text]:
    """One Text per line, coloured by pygments (lexer from the file name)."""
    lines = text.split("\n")
    lexer = lexer_for(path)
    if lexer is None or not text:
        return [literal(line) for line in lines]
    try:
        highlighted = Syntax(literal_str(text), lexer, theme=code_style, background_color="default").highlight(
            literal_str(text))
    except (ClassNotFound, Exception):  # an odd lexer or style must not stop a review
        return [literal(line) for line in lines]
    highlighted.rstrip()
    # Keep the token colours, drop the code style's background: the diff colours its own lines.
    highlighted.spans = [Span(span.start, span.end, _foreground_only(span.style)) for span in highlighted.spans]
    result = highlighted.split("\n", allow_blank=True)
    while len(result) < len(lines):
        result.append(Text(""))
    return result[: len(lines)]


def _foreground_only(style: str | Style) -> Style:
    style = Style.parse(style) if isinstance(style, str) else style
    return Style(color=style.color, bold=style.bold, italic=style.italic, underline=style.underline)


def _mark_intra_line(old: Text, new: Text, colours: DiffColours) -> None:
    a, b = old.plain, new.plain
    if len(a) > INTRA_LINE_CAP or len(b) > INTRA_LINE_CAP:
        return
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i2 > i1:
            old.stylize(f"on {colours.removed_strong}", i1, i2)
        if j2 > j1:
            new.stylize(f"on {colours.added_strong}", j1, j2)


def build_diff(path: str, before: str | None, after: str, colours: DiffColours, context: int = 3,
               opcodes: Sequence[Opcode] | None = None) -> DiffModel:
    """The unified and side-by-side views of a change, highlighted. Pure: run it off the UI thread.

    `opcodes` are the proposal's line diff (over splitlines of both sides), computed once.
    """
    model = DiffModel(path)
    old_text, new_text = before or "", after
    old_lines, new_lines = old_text.splitlines(), new_text.splitlines()
    if not opcodes:
        opcodes = line_opcodes(old_text.splitlines(keepends=True), new_text.splitlines(keepends=True))
    capped = len(old_lines) > HIGHLIGHT_CAP or len(new_lines) > HIGHLIGHT_CAP
    if capped:
        model.note = f"highlighting off: more than {HIGHLIGHT_CAP:,} lines"
        old_hl: list[Text] | None = None
        new_hl: list[Text] | None = None
    else:
        old_hl = highlight_lines(path, "\n".join(old_lines), colours.code_style) if old_lines else []
        new_hl = highlight_lines(path, "\n".join(new_lines), colours.code_style) if new_lines else []

    def text_of(highlighted: list[Text] | None, lines: list[str], index: int) -> Text:
        return highlighted[index].copy() if highlighted is not None else literal(lines[index])

    def lazy(line: DiffLine, highlighted: list[Text] | None, lines: list[str], index: int) -> DiffLine:
        def make() -> None:
            line._text, line._make = text_of(highlighted, lines, index), None
        line._make = make
        return line

    def lazy_pair(old: DiffLine, new: DiffLine, i: int, j: int) -> None:
        def make() -> None:
            old._text, new._text = text_of(old_hl, old_lines, i), text_of(new_hl, new_lines, j)
            old._make = new._make = None
            _mark_intra_line(old._text, new._text, colours)
        old._make = new._make = make

    groups = group_opcodes(list(opcodes), context)
    for group in groups:
        first = group[0]
        header = literal(f"@@ -{first[1] + 1} +{first[3] + 1} @@", style=f"bold {colours.gutter}")
        model.unified_hunks.append(len(model.unified))
        model.unified.append(DiffLine("hunk", None, None, header))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                for k in range(i2 - i1):
                    model.unified.append(lazy(DiffLine("context", i1 + k + 1, j1 + k + 1, raw=old_lines[i1 + k]),
                                              old_hl, old_lines, i1 + k))
                continue
            olds = [lazy(DiffLine("removed", i + 1, None, raw=old_lines[i]), old_hl, old_lines, i) for i in range(i1, i2)]
            news = [lazy(DiffLine("added", None, j + 1, raw=new_lines[j]), new_hl, new_lines, j) for j in range(j1, j2)]
            for k, (o, n) in enumerate(zip(olds, news)):
                lazy_pair(o, n, i1 + k, j1 + k)
            model.removed += len(olds)
            model.added += len(news)
            model.unified.extend(olds + news)

    def make_split() -> None:
        # Reuses the unified rows: a context row's right side is its new-side text.
        assert model._split is not None
        rows = iter(model.unified)
        for group in groups:
            model._split_hunks.append(len(model._split))
            model._split.append((next(rows), None))
            for tag, i1, i2, j1, j2 in group:
                if tag == "equal":
                    for k in range(i2 - i1):
                        left = next(rows)
                        right = lazy(DiffLine("context", i1 + k + 1, j1 + k + 1, raw=new_lines[j1 + k]),
                                     new_hl, new_lines, j1 + k)
                        model._split.append((left, right))
                    continue
                olds = [next(rows) for _ in range(i2 - i1)]
                news = [next(rows) for _ in range(j2 - j1)]
                for k in range(max(len(olds), len(news))):
                    model._split.append((olds[k] if k < len(olds) else None, news[k] if k < len(news) else None))
        if not model._split and model.unified:
            model._split.append((model.unified[0], None))

    model._make_split = make_split
    if not model.unified:
        model.unified.append(DiffLine("note", None, None, literal("no change: the content is identical", "italic")))
    return model


_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def diff_model_from_unified(path: str, unified: str, colours: DiffColours) -> DiffModel:
    """A DiffModel from a logged unified diff (replay has the diff, not both whole files)."""
    model = DiffModel(path)
    old_no = new_no = 0
    for line in unified.splitlines():
        if line.startswith(("--- ", "+++ ")) or line.startswith("\\"):
            continue
        match = _HUNK.match(line)
        if match:
            old_no, new_no = int(match.group(1)), int(match.group(2))
            model.unified_hunks.append(len(model.unified))
            model.unified.append(DiffLine("hunk", None, None, literal(line, style=f"bold {colours.gutter}")))
        elif line.startswith("-"):
            model.unified.append(DiffLine("removed", old_no, None, literal(line[1:])))
            model.removed += 1
            old_no += 1
        elif line.startswith("+"):
            model.unified.append(DiffLine("added", None, new_no, literal(line[1:])))
            model.added += 1
            new_no += 1
        else:
            model.unified.append(DiffLine("context", old_no, new_no, literal(line[1:])))
            old_no, new_no = old_no + 1, new_no + 1

    def make_split() -> None:
        assert model._split is not None
        rows = model.unified
        k = 0
        while k < len(rows):
            row = rows[k]
            if row.kind == "hunk":
                model._split_hunks.append(len(model._split))
                model._split.append((row, None))
                k += 1
            elif row.kind == "context":
                model._split.append((row, row))
                k += 1
            else:
                olds, news = [], []
                while k < len(rows) and rows[k].kind == "removed":
                    olds.append(rows[k])
                    k += 1
                while k < len(rows) and rows[k].kind == "added":
                    news.append(rows[k])
                    k += 1
                for n in range(max(len(olds), len(news))):
                    model._split.append((olds[n] if n < len(olds) else None, news[n] if n < len(news) else None))

    model._make_split = make_split
    if not model.unified:
        model.unified.append(DiffLine("note", None, None, literal("no change", "italic")))
    return model
