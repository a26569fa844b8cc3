"""What the harness answers itself, instead of proposing the model's action to the person: each one
a pattern a small greedy model falls into, caught before it costs the person a key.

- `readfirst`: a write over a file the model has not seen since it changed (it would rewrite it from
  memory): the file is shown instead;
- `noop`: a write that leaves the file exactly as it is (the seed's false success on a no-op);
- `again`: an edit it has made already, or one that only puts lines beside copies of themselves;
- `nearcopy`: a file retyped from another with its spaces or line breaks lost (the seed's copy task):
  the `cp` that copies it exactly is named;
- `lint`: Python or JSON that no longer parses after the edit (and, in undefined.py, Python that uses
  names nothing in it defines);
- `placement`: new lines put somewhere else than the one place the task names ("at the end",
  "directly above the print line": placement.py);
- `rejected`: exactly what was rejected before (by the person, or by one of the answers above).
`guidance` is not an answer but a note sent with a REPEAT's or MISSING PATH's result.
"""

from __future__ import annotations

import configparser
import difflib
import json
import posixpath
import re
import shlex
import tomllib
from dataclasses import dataclass

from ...files.edits import EditPreview, try_preview
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...reply.kinds import Action, EditAction, ListDir, ReadFile, WriteFile, edit_kind_names
from ..guards import GuardFlag, near_copies
from ..placement import misplaced, task_place
from ..prompts import MAX_FEEDBACK_CHARS, Cut, clipped
from ..read_parts import left_out_note
from .listing import TREE_LIMIT
from .opening import count_lines


@dataclass(frozen=True)
class ShownFile:
    """A file an answer shows, as it was sent: `cut` says what of `text` was left out."""

    path: str
    text: str
    cut: Cut | None


# A file shown in an answer is cut to leave room for the answer's own words, so the answer as a
# whole (clipped again by the levers) is not cut a second time where the file's lines were counted.
FILE_IN_ANSWER_CHARS = MAX_FEEDBACK_CHARS - 1_000


def shown_file(path: str, text: str) -> tuple[str, ShownFile]:
    """The text an answer shows of a file (with the lines it left out named, and how to see them),
    and what it left out."""
    sent, cut = clipped(text, FILE_IN_ANSWER_CHARS)
    if cut is not None:
        sent = f"({left_out_note(cut.head_lines, cut.tail_from)})\n{sent}"
    return sent, ShownFile(path, text, cut)


@dataclass(frozen=True)
class Answer:
    note: str  # what the person reads (a notice in the conversation and the log)
    text: str  # what the model is told
    skip_next: tuple[str, ...] = ()  # actions the next turn's schema leaves out (a greedy model repeats itself)
    # The action was refused as it stands: sent again unchanged, it is answered by `rejected`.
    rejects: bool = False
    # The answer shows the model the file the action edits, so the file counts as seen (as far as it
    # was sent: read_parts.py).
    shows_file: ShownFile | None = None
    # The model sent again what it already did: with `settle`, its next turn may only say done.
    settles: bool = False
    # The model asked for what it has seen, with nothing changed since (`fresh`).
    looks_again: bool = False


# What the model is told after a change it made, where the next turn may well be `done`: without
# it, the 1.5B re-sent the edit it had just made (the nine: 5 of 7 passed runs spent a turn so).
NEXT_STEP = "If the task is now complete, reply with done; otherwise take its next step."


def _contents(workspace: Workspace, path: str) -> str | None:
    try:
        return workspace.read_text(path)
    except (OSError, WorkspaceError, PathEscape, UnicodeDecodeError):
        return None


def rejected_again(action: Action, key: str, rejected: dict[str, tuple[int, str]]) -> Answer | None:
    if key not in rejected:
        return None
    step, reason = rejected[key]
    return Answer(f"rejected: the model proposed again what was rejected at step {step}; it was not shown again",
                  f"You proposed this exact action at step {step} and it was rejected"
                  f"{f' ({reason})' if reason else ''}. It was not run. Choose a different action.",
                  (action.action,))


def seen_again(action: Action, reads: frozenset[str], lists: frozenset[str], telling: bool = False) -> Answer | None:
    """A read or listing of what the model has seen and what has not changed since (`fresh`). Answered
    rather than left out of the grammar: in a tree of more than a few files, a path left out made
    the model's wish to read it again come out as a read of a neighbouring file it never meant (in a
    real project, `math.js` became `src/pluggy/__init__.py`, and the session drifted from there).
    The next turn leaves that action out, so the model acts on what it saw (or looks elsewhere).
    `telling`: the task asks only to be told something, so the way on is an answer, not an edit (the
    README's first command, in a clone of this repository, listed and read README.md in turn)."""
    if isinstance(action, ReadFile):
        done, what = reads, "read"
    elif isinstance(action, ListDir):
        done, what = lists, "listed"
    else:
        return None
    path = posixpath.normpath(action.path.strip() or ".")
    if path not in done:
        return None
    return Answer(f"fresh: the model asked for {path} again; it has not changed since it was {what}",
                  f"You have already {what} {path}, and it has not changed since: what you saw is above. Do not "
                  f"{'read' if what == 'read' else 'list'} it again. Act on what you have seen now: "
                  f"{'read a file the task needs, ' if what == 'listed' else ''}"
                  f"{_TELL if telling else 'edit a file, run a command, or say done.'}", skip_next=(action.action,),
                  looks_again=True)


_TELL = "run a command, or reply with done and put the answer in its summary."


def unread_write(action: Action, workspace: Workspace, seen: set[str],
                 outcome: str = "so nothing was written") -> Answer | None:
    """A write over an existing file the model has not seen since it last changed (`outcome`: what
    became of the write, said to the model)."""
    if not isinstance(action, WriteFile):
        return None
    try:
        rel = workspace.relative(action.path)
        if not workspace.resolve(action.path).is_file() or rel in seen:
            return None
    except (PathEscape, OSError):
        return None
    text = _contents(workspace, rel)
    if text is None:
        return None  # unreadable: the proposal (and its diff) will say so
    sent, shown = shown_file(rel, text)
    return Answer(f"readfirst: the model wrote {rel} without reading it; it was shown the file instead",
                  f"You have not read {rel} since it last changed, {outcome}. Contents of {rel} "
                  f"({count_lines(text)} lines):\n{sent}\nNow write the whole new content of {rel}, changing only "
                  "what the task asks.", shows_file=shown)


def noop_write(preview: EditPreview | None) -> Answer | None:
    if preview is None or not preview.no_op:
        return None
    return Answer(f"noop: the model's write of {preview.path} changed nothing and was answered without a proposal",
                  f"{preview.path} already holds exactly that content: nothing was written. Do not write it again. "
                  "Take the next step of the task, or reply with done if the task is complete.", edit_kind_names())


def duplicates_neighbours(before: str | None, after: str) -> bool:
    """Whether an edit only inserts non-blank lines that each equal the line just above or below
    where they land (a comment inserted again above the one already there)."""
    if before is None:
        return False
    old, new = before.splitlines(), after.splitlines()
    inserted = False
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag != "insert":
            return False
        for line in new[j1:j2]:
            if not line.strip() or line not in new[j1 - 1:j1] + new[j2:j2 + 1]:
                return False
        inserted = True
    return inserted


def made_again(workspace: Workspace, preview: EditPreview | None, path: str, made_at: int | None) -> Answer | None:
    """An edit the model already made (`made_at`: the step), or one that only adds lines beside their copies."""
    if made_at is None and (preview is None or not duplicates_neighbours(preview.before, preview.after)):
        return None
    where = preview.path if preview is not None else path
    when = f"at step {made_at}" if made_at is not None else "already: the lines it adds are there"
    sent, shown = shown_file(where, _contents(workspace, where) or "")
    return Answer(f"again: the model's edit of {where} repeats a change it made {when}; answered without a proposal",
                  f"You made this change {when}, so it was not made again. Contents of {where} now:\n"
                  f"{sent}\n{NEXT_STEP}", edit_kind_names(), shows_file=shown, settles=True)


# Configuration read by the standard library's parsers: an INI file by configparser, TOML by
# tomllib. heldout23's d07 wrote workshops.ini without its [DEFAULT] header line; the write was
# approved, and every test then failed with MissingSectionHeaderError. A `.conf` may be another
# format (nginx's): judged only where it parsed as INI before.
_INI_SUFFIXES = (".ini", ".cfg")
_PARSED_SUFFIXES = (".py", ".json", ".toml", *_INI_SUFFIXES, ".conf")


def syntax_broken(path: str, before: str | None, after: str) -> str | None:
    """Why `after` no longer parses where `before` did (or was new), for Python, JSON, TOML and INI;
    None when it parses, or when the file was already broken (the edit may be a step of a fix)."""
    if not path.endswith(_PARSED_SUFFIXES) or (path.endswith(".conf") and before is None):
        return None

    def problem(text: str) -> str | None:
        try:
            if path.endswith(".py"):
                compile(text, path, "exec", dont_inherit=True)
            elif path.endswith(".toml"):
                tomllib.loads(text)
            elif path.endswith((*_INI_SUFFIXES, ".conf")):
                configparser.ConfigParser(interpolation=None).read_string(text, source=path)
            else:
                json.loads(text)
        except SyntaxError as exc:
            return f"line {exc.lineno}: {exc.msg}"
        except configparser.Error as exc:
            return " ".join(str(exc).split())[:300]
        except ValueError as exc:  # JSON's and TOML's errors (tomllib.TOMLDecodeError is one)
            return str(exc)
        except (RecursionError, MemoryError):  # nesting too deep to parse: model output is hostile
            return "nested too deeply to read"
        return None

    if before is not None and problem(before) is not None:
        return None
    return problem(after)


# A content that says what was done instead of being it: "Updated parse_line function to handle commas
# as thousands separators." (heldout9's s01, five times; heldout8's r11, "Updated format_cents function
# to include currency symbol.", four times), or a placeholder: "...", "…", "<code>" (heldout9's s06).
_PROSE = re.compile(r"[A-Za-z][A-Za-z0-9_`'\",.:;()/ -]*[A-Za-z0-9_`'\").]")
_PLACEHOLDER = re.compile(r"\.{3,}|…|<[^<>\n]{0,40}>|\[[^\[\]\n]{0,40}\]")
_ELLIPSIS = re.compile(r"\.{3,}|…")
DESCRIPTION_CHARS = 300
_CODE_START = re.compile(r"(?:from|import|print|raise|return|def|class|if|elif|else|for|while|with|try|except|"
                         r"assert|del|global|nonlocal|lambda|yield|async|await|pass|break|continue)\b")


def described(content: str) -> bool:
    """Whether a content (already known not to parse as the file's code) is one sentence or a
    placeholder rather than a file's text."""
    text = content.strip()
    if not text or "\n" in text or len(text) > DESCRIPTION_CHARS:
        return False
    if _PLACEHOLDER.fullmatch(text):
        return True
    if _CODE_START.match(text) or text.count("(") != text.count(")"):
        return False  # broken code, told as such: `from .core import (a, b`, `print "x"`
    return bool(_PROSE.fullmatch(text) and text.count(" ") >= 3)


def broken_edit(workspace: Workspace, preview: EditPreview | None, nearcopy: bool, lint: bool) -> Answer | None:
    """An edit that would break what it makes: a retyped copy (`nearcopy`), unparsable code (`lint`)."""
    if preview is None or preview.no_op:
        return None
    if nearcopy:
        for flag in near_copies(workspace, preview.path, preview.after):
            source = flag.names[0]
            return Answer(f"nearcopy: the model retyped {source} into {preview.path} with its spaces changed; answered",
                          f"That is {source} retyped, and not exactly: spaces or line breaks differ, so nothing was "
                          f"written. To copy a file exactly, use run_command: cp {shlex.quote(source)} "
                          f"{shlex.quote(preview.path)}", rejects=True)
    broken = syntax_broken(preview.path, preview.before, preview.after) if lint else None
    # An ellipsis is told as a placeholder even where it parses (`...` is Python's Ellipsis, and a
    # README takes any text); not `[]` or `[metadata]`, which are a JSON or INI file's text.
    # heldout12's v01 sent "..." as cutlist.py, was told by `dropped` that it removed Piece, label,
    # parse_line…, and went on to remove things.
    placeholder = lint and _ELLIPSIS.fullmatch(preview.after.strip()) is not None
    if (broken or placeholder) and preview.before is not None and described(preview.after):
        what = "a placeholder" if _PLACEHOLDER.fullmatch(preview.after.strip()) else "a description of the change"
        sent, shown = shown_file(preview.path, preview.before)
        return Answer(f"lint: the model wrote {what} as {preview.path}'s content; answered without a proposal",
                      f"Not written: that content is {what} ({preview.after.strip()[:120]!r}), "
                      f"not code. write_file replaces the whole of {preview.path} with its content, so content must "
                      f"be the file's complete new text: every line of it, with your change made. Contents of "
                      f"{preview.path} now:\n{sent}", rejects=True, shows_file=shown)
    if broken:
        return Answer(f"lint: the model's edit would break {preview.path} ({broken}); answered without a proposal",
                      f"That edit would break {preview.path}: {broken}.{_line_sent(broken, preview.after)} Nothing was "
                      "written. Send the edit again, correct.", rejects=True)
    return None


SHOWN_LINE_CHARS = 200


def _line_sent(problem: str, sent: str) -> str:
    """The line the parser stopped at, as the model sent it: "line 13: unterminated string literal"
    alone left the model to find line 13 in a file it had written as one JSON string, and it sent
    the same edit again (heldout9's s09, three times)."""
    found = re.search(r"\bline (\d+)", problem)
    lines = sent.splitlines()
    if found is None or not 1 <= int(found.group(1)) <= len(lines):
        return ""
    line = lines[int(found.group(1)) - 1]
    shown = line[:SHOWN_LINE_CHARS] + (" …" if len(line) > SHOWN_LINE_CHARS else "")
    return f" Line {found.group(1)} of what you sent reads:\n{shown}\n"


def misplaced_edit(task: str, preview: EditPreview | None, first: str | None = None) -> Answer | None:
    """An edit that inserts its lines somewhere else than where the task says they go. Judged
    against the file as the session found it (`first`, where known): a line the session itself put
    there may go again (the nine's r6: `echo -e` wrote `-e`, and the fix that took it out was
    refused as "removes a line that was there")."""
    if preview is None or preview.no_op:
        return None
    why = misplaced(task, preview.path, preview.before if first is None else first, preview.after)
    if why is None:
        return None
    place = task_place(task)
    return Answer(f"placement: the model's edit of {preview.path} puts new lines where the task does not; answered",
                  f"Not written: {why}. Contents of {preview.path} now, with line numbers:\n"
                  f"{numbered(preview.before or '')}\nSend the edit again with the new lines "
                  f"{place.describe() if place else 'where the task says'}, and nothing else changed.", rejects=True)


def numbered(text: str) -> str:
    return "".join(f"{n:>4}| {line}" for n, line in enumerate(text.splitlines(keepends=True), 1)) or "(empty)\n"


def edit_preview(action: Action, workspace: Workspace) -> EditPreview | None:
    return try_preview(action, workspace)[0] if isinstance(action, EditAction) else None


def guidance(flags: list[GuardFlag], workspace: Workspace) -> str:
    """What the model is told, with the result, when its action repeated one or named nothing."""
    notes = []
    for flag in flags:
        if flag.kind == "repeat":
            notes.append(f"Note: this exact action was already done at step {flag.step}; doing it again gives the "
                         "same result. Do something else: the next step of the task, or done if it is finished.")
        elif flag.kind == "missing_path":
            notes.append(f"Note: {flag.message}.")
    if not notes:
        return ""
    files = workspace.walk_files()
    listing = ", ".join(files[:TREE_LIMIT]) + (" …" if len(files) > TREE_LIMIT else "")
    return "\n".join(notes) + f"\nThe files that exist: {listing or '(none)'}."
