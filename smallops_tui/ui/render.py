"""Turning untrusted text into things the screen can show literally, and diffs into lines.

Model text, file contents and command output are hostile: they are only ever put into
`rich.text.Text` (never parsed as markup), control characters — ANSI escapes included — are
replaced by a visible `\\xNN` form, so `[red]`, `[link=...]` and `\\x1b[31m` show as typed, and
invisible or direction-changing characters are drawn as `⟨U+202E⟩` (see agent/files/visible.py).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from rich.syntax import PygmentsSyntaxTheme
from rich.style import Style
from rich.text import Text

from ..agent.files.syntax import lexer_for
from ..agent.files.visible import BLANK_RUN_LIMIT, visible

INTRA_LINE_CAP = 400  # characters per line compared for intra-line marks


def literal_str(text: str) -> str:
    """The text with every control character (except newline and tab) and every hidden
    character made visible."""
    return visible(text).expandtabs(4)


def literal(text: str, style: str = "") -> Text:
    """A Text that shows `text` exactly as written: no markup, no escape sequences."""
    return Text(literal_str(text), style=style)


LineKind = Literal["context", "added", "removed", "hunk", "note"]


class DiffLine:
    """One row of a diff. Its Text is built when first drawn: a screen shows ~30 of thousands."""

    # side/index: where the row's line sits in its side's text (context rows take the new side);
    # partner: the added row a removed row pairs with, or the other way round (intra-line marks).
    __slots__ = ("kind", "old_no", "new_no", "raw", "_text", "_make", "side", "index", "partner")

    def __init__(self, kind: LineKind, old_no: int | None, new_no: int | None, text: Text | None = None,
                 raw: str = "", make: Callable[[DiffLine], None] | None = None) -> None:
        self.kind, self.old_no, self.new_no = kind, old_no, new_no
        self.raw = raw if raw or text is None else text.plain
        self._text = text
        self._make = make
        self.side, self.index = "", -1
        self.partner: DiffLine | None = None

    @property
    def text(self) -> Text:
        if self._text is None and self._make is not None:
            self._make(self)  # fills this line's text (and its partner's, for intra-line marks)
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
    highlighter = LineHighlighter(path, lines, code_style)
    return [highlighter.line(n) for n in range(len(lines))]


@lru_cache(maxsize=8)
def _token_styles(code_style: str) -> Callable[[Any], Style]:
    """Token type -> its colour and weight in `code_style`, without the style's background (the
    diff colours its own lines), each worked out once."""
    theme = PygmentsSyntaxTheme(code_style)
    styles: dict[Any, Style] = {}

    def style_for(token_type: Any) -> Style:
        style = styles.get(token_type)
        if style is None:
            full = theme.get_style_for_token(token_type)
            style = styles[token_type] = Style(color=full.color, bold=full.bold, italic=full.italic,
                                               underline=full.underline)
        return style

    return style_for


class LineHighlighter:
    """Lines of text coloured by pygments, lexed from the top only as far as asked: the first
    screen of a 5,000-line diff lexes ~40 lines, and any line is coloured exactly as lexing the
    whole text would colour it (no block boundaries inside a string or a comment)."""

    def __init__(self, path: str, lines: list[str], code_style: str) -> None:
        self.lines = lines
        self.done: list[Text] = []
        self._parts: list[tuple[str, Style]] = []
        lexer = lexer_for(path)
        self._tokens: Iterator[tuple[Any, str]] | None = None
        if lexer is not None and any(lines):
            self._style_for = _token_styles(code_style)
            self._tokens = iter(lexer.get_tokens(literal_str("\n".join(lines))))

    def line(self, index: int) -> Text:
        while len(self.done) <= index and self._tokens is not None:
            self._pull()
        if index < len(self.done):
            return self.done[index]
        return literal(self.lines[index])  # no lexer, or it failed: plain (and still literal)

    def _pull(self) -> None:
        assert self._tokens is not None
        try:
            token_type, value = next(self._tokens)
        except StopIteration:
            self._tokens = None
            self._end_line()
            return
        except Exception:  # an odd lexer or style must not stop a review: the rest is plain
            self._tokens = None
            return
        style = self._style_for(token_type)
        for k, piece in enumerate(value.split("\n")):
            if k:
                self._end_line()
            if piece:
                self._parts.append((piece, style))

    def _end_line(self) -> None:
        if len(self.done) < len(self.lines):
            # "on default", as rich's Syntax gives it: the row's own background shows around the text.
            line = Text(style="on default")
            for piece, style in self._parts:
                line.append(piece, style)
            self.done.append(line)
        self._parts = []


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


ENDING_MARKS = {"\r\n": "⟨CRLF⟩", "\n": "⟨LF⟩", "": "⟨no newline at end of file⟩"}


def _marks_needed(endings: Sequence[str], new_file: bool = False) -> bool:
    """Line endings are drawn on changed rows when those rows do not all end alike: then a change
    of line ending (CRLF to LF) or of the final newline is the difference, and must show. A new
    file written with CRLF shows them too: nothing else would say its lines end in a CR."""
    return len(set(endings)) > 1 or (new_file and "\r\n" in endings)


def _non_ascii_changed(a: str, b: str) -> bool:
    """Whether the characters that differ between two rows include a non-ASCII one."""
    if (a.isascii() and b.isascii()) or len(a) > INTRA_LINE_CAP or len(b) > INTRA_LINE_CAP:
        return False
    return any(tag != "equal" and not (a[i1:i2] + b[j1:j2]).isascii()
               for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes())


def _code_points_shown(shown: str) -> Text:
    return Text("".join(c if c.isascii() or c in "⟨⟩·" else f"⟨U+{ord(c):04X}⟩" for c in shown))


def _tabs(raw: str) -> list[int]:
    return [n for n, char in enumerate(raw) if char == "\t"]


def _whitespace_shown(raw: str) -> Text:
    """A row whose spaces and tabs are the difference: tabs as ⟨tab⟩, leading and trailing spaces
    as ·, so `\techo` and `    echo` no longer draw alike."""
    body = raw.lstrip(" \t")
    lead = raw[: len(raw) - len(body)]
    core = body.rstrip(" \t")
    trail = body[len(core) :]

    def shown(part: str, dots: bool) -> str:
        return part.replace("\t", "\0").replace(" ", "·" if dots else " ").replace("\0", "⟨tab⟩")

    return Text(shown(lead, True) + literal_str(shown(core, False)) + shown(trail, True))


def _with_mark(text: Text, ending: str) -> Text:
    text.append(" " + ENDING_MARKS[ending], style="bold reverse")
    return text


def _fold_blank_rows(rows: list[DiffLine]) -> list[DiffLine]:
    """Runs of more than BLANK_RUN_LIMIT blank rows of one kind become one row with the count, so
    padding cannot push the rest of a change out of view."""
    out: list[DiffLine] = []
    k = 0
    while k < len(rows):
        row = rows[k]
        end = k
        if row.kind in ("context", "added", "removed") and not row.raw.strip():
            while end + 1 < len(rows) and rows[end + 1].kind == row.kind and not rows[end + 1].raw.strip():
                end += 1
        count = end - k + 1
        if count > BLANK_RUN_LIMIT:
            out.append(DiffLine(row.kind, row.old_no, row.new_no, literal(f"⟨{count} blank lines⟩", "italic"),
                                raw=f"⟨{count} blank lines⟩"))
        else:
            out.extend(rows[k : end + 1])
        k = end + 1
    return out


def _finish(model: DiffModel, empty_note: str) -> None:
    """Fold blank runs, index the hunks, and build the side-by-side rows from the unified ones
    (when first shown): a context row is on both sides, removed and added rows pair up."""
    model.unified = _fold_blank_rows(model.unified)
    model.unified_hunks = [n for n, row in enumerate(model.unified) if row.kind == "hunk"]

    def make_split() -> None:
        assert model._split is not None
        rows = model.unified
        k = 0
        while k < len(rows):
            row = rows[k]
            if row.kind in ("hunk", "note"):
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
        model.unified.append(DiffLine("note", None, None, literal(empty_note, "italic")))


_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def _unified_rows(unified: str) -> list[tuple[str, str, str]]:
    """(marker, body, ending) per row of a unified diff: marker is "@", "-", "+", " ", or "h" for
    a file header or any other line; git's "\\ No newline" line becomes the ending "" of the row
    before it."""
    rows: list[tuple[str, str, str]] = []
    lines = unified.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines):
        if line.startswith("\\"):
            if rows:
                marker, body, _ = rows[-1]
                rows[-1] = (marker, body, "")
            continue
        ending = "\r\n" if line.endswith("\r") else "\n"
        body = line[:-1] if ending == "\r\n" else line
        header = (line.startswith("--- ") and n + 1 < len(lines) and lines[n + 1].startswith("+++ ")) or (
            line.startswith("+++ ") and n > 0 and lines[n - 1].startswith("--- ") and rows and rows[-1][0] == "h")
        if header:
            rows.append(("h", body, ending))
        elif _HUNK.match(line):
            rows.append(("@", body, ending))
        elif line[:1] in ("-", "+", " "):
            rows.append((line[0], body[1:], ending))
        else:
            rows.append(("h", body, ending))
    return rows


class _RowTexts:
    """The Text of a diff's rows, made when a row is first drawn. One per diff, shared by its rows
    (a closure per row made 6,000 objects for a 5,000-line diff, and the collections they caused)."""

    def __init__(self, path: str, sides: dict[str, list[tuple[str, str]]], marks: bool, colours: DiffColours) -> None:
        self.path, self.sides, self.marks, self.colours = path, sides, marks, colours
        self.highlighters: dict[str, LineHighlighter] = {}

    def highlighted(self, row: DiffLine) -> Text:
        highlighter = self.highlighters.get(row.side)
        if highlighter is None:
            highlighter = self.highlighters[row.side] = LineHighlighter(
                self.path, [body for body, _ in self.sides[row.side]], self.colours.code_style)
        return highlighter.line(row.index).copy()

    def ended(self, row: DiffLine, text: Text) -> Text:
        if self.marks and row.kind != "context":
            return _with_mark(text, self.sides[row.side][row.index][1])
        return text

    def fill(self, row: DiffLine) -> None:
        if row.partner is None:
            row._text, row._make = self.ended(row, self.highlighted(row)), None
            return
        old, new = (row, row.partner) if row.kind == "removed" else (row.partner, row)
        old_text, new_text = self.highlighted(old), self.highlighted(new)
        if old.raw != new.raw and (old_text.plain == new_text.plain or _tabs(old.raw) != _tabs(new.raw)):
            old_text, new_text = _whitespace_shown(old.raw), _whitespace_shown(new.raw)  # a tab for spaces
        if old.raw != new.raw and _non_ascii_changed(old.raw, new.raw):
            # Look-alike letters (Cyrillic а for a, é as e + U+0301): name every non-ASCII code point.
            old_text, new_text = _code_points_shown(old_text.plain), _code_points_shown(new_text.plain)
        _mark_intra_line(old_text, new_text, self.colours)  # before the ending marks: they are not text
        old._text, new._text = self.ended(old, old_text), self.ended(new, new_text)
        old._make = new._make = None


def diff_model(path: str, unified: str, colours: DiffColours) -> DiffModel:
    """The unified and side-by-side views of a unified diff — the one the log keeps, so a live
    proposal and its replay show the same rows, by construction.

    Rows are cheap to make; their text is made when first drawn: each side is lexed by pygments
    from its top as far as the rows drawn so far (LineHighlighter), and a removed line and the
    added line it pairs with get intra-line marks together."""
    model = DiffModel(path)
    rows = _unified_rows(unified)
    marks = _marks_needed([ending for marker, _, ending in rows if marker in "-+"], is_new_file(unified))
    sides: dict[str, list[tuple[str, str]]] = {"old": [], "new": []}  # (body, ending) of each line, in order
    old_side, new_side = sides["old"], sides["new"]
    fill = _RowTexts(path, sides, marks, colours).fill
    old_no = new_no = 0
    run: list[DiffLine] = []  # the removed rows of the current change, waiting for their added rows
    paired = 0
    unified_rows = model.unified

    for marker, body, ending in rows:
        if marker == "h":
            continue
        if marker == "@":
            match = _HUNK.match(body)
            assert match is not None
            old_no, new_no = int(match.group(1)), int(match.group(2))
            header = literal(f"@@ -{max(old_no, 1)} +{max(new_no, 1)} @@", style=f"bold {colours.gutter}")
            unified_rows.append(DiffLine("hunk", None, None, header))
            run, paired = [], 0
            continue
        if marker == "-":
            if paired:
                run, paired = [], 0
            row = DiffLine("removed", old_no, None, raw=body, make=fill)
            row.side, row.index = "old", len(old_side)
            old_side.append((body, ending))
            run.append(row)
            model.removed += 1
            old_no += 1
        elif marker == "+":
            row = DiffLine("added", None, new_no, raw=body, make=fill)
            row.side, row.index = "new", len(new_side)
            new_side.append((body, ending))
            if paired < len(run):
                row.partner, run[paired].partner = run[paired], row
            paired += 1
            model.added += 1
            new_no += 1
        else:
            row = DiffLine("context", old_no, new_no, raw=body, make=fill)
            old_side.append((body, ending))
            row.side, row.index = "new", len(new_side)
            new_side.append((body, ending))
            run, paired = [], 0
            old_no, new_no = old_no + 1, new_no + 1
        unified_rows.append(row)

    _finish(model, "no change: the content is identical")
    return model


def is_new_file(unified: str) -> bool:
    return unified.startswith("--- /dev/null")


def diff_text_lines(unified: str, limit: int = 2000) -> list[Text]:
    """A logged or computed unified diff as plain lines (+ green, - red, the first in bold), with
    line endings marked where they differ and blank runs folded, as in the diff view."""
    rows = _unified_rows(unified)
    marks = _marks_needed([ending for marker, _, ending in rows if marker in "-+"])
    lines: list[Text] = []
    blank_run: list[Text] = []

    def close_run() -> None:
        if len(blank_run) > BLANK_RUN_LIMIT:
            lines.append(literal(f"{blank_run[0].plain[:1]}⟨{len(blank_run)} blank lines⟩", "italic"))
        else:
            lines.extend(blank_run)
        blank_run.clear()

    for n, (marker, body, ending) in enumerate(rows):
        if marker in "-+ " and not body.strip() and (not blank_run or blank_run[0].plain[:1] == marker):
            blank_run.append(literal(marker + body, "green" if marker == "+" else "red" if marker == "-" else ""))
            continue
        close_run()
        text = marker + body if marker in "-+ " else body
        style = "bold" if n == 0 else "green" if marker == "+" else "red" if marker == "-" else ""
        line = literal(text, style)
        lines.append(_with_mark(line, ending) if marks and marker in "-+" else line)
        if len(lines) >= limit:
            break
    close_run()
    return lines[:limit]
